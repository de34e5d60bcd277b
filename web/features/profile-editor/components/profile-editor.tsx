import { Eye } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { OwnProfile } from '#contracts/profiles';
import { DraftForm } from '#web/components/draft-form';
import { buttonClasses } from '#web/components/button';
import { SaveBar } from '#web/components/save-bar';
import { useProfileDraft } from '../hooks/use-profile-draft';
import { BasicsSection } from './basics-section';
import { PageOptionsSection } from './page-options-section';
import { PricesSection } from './prices-section';
import { AboutSection, CategoriesSection, PhotosSection } from './story-sections';

const SECTIONS = [
  ['basics', 'Basics'],
  ['about', 'About'],
  ['categories', 'Categories'],
  ['photos', 'Photos'],
  ['page-options', 'Page options'],
  ['prices', 'Prices'],
] as const;

/**
 * The coach's profile editor (SPEC §2 /profile/edit, §4 Edit mode): a draft of the saved profile;
 * Save sends only what changed, optimistically (the cache shows it at once and goes back when the
 * server refuses, with 'Update Failed' and the SPEC §8 text). The typed draft is kept after a
 * failure so nothing is lost; the unsaved-changes guard holds navigation while it differs.
 * Each section registers its fields as it renders, in page order, so a refused save focuses the
 * first invalid field on the page.
 */
export function ProfileEditor({ profile, onSaved }: { profile: OwnProfile; onSaved: () => void }) {
  const editor = useProfileDraft(profile, onSaved);
  useScrollToHashSection();

  return (
    <DraftForm editor={editor}>
      <nav aria-label="Profile sections" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {SECTIONS.map(([id, label]) => (
          <a
            key={id}
            href={`#${id}`}
            className="inline-flex min-h-11 shrink-0 items-center rounded-full border border-border bg-surface px-4 text-sm font-medium hover:bg-surface-sunken"
          >
            {label}
          </a>
        ))}
      </nav>

      <BasicsSection editor={editor} />
      <AboutSection editor={editor} />
      <CategoriesSection editor={editor} />
      <PhotosSection editor={editor} email={profile.email} />
      <PageOptionsSection editor={editor} />
      <PricesSection editor={editor} />

      <SaveBar saving={editor.saving} dirty={editor.dirty} onDiscard={editor.discard}>
        <Link to="/profile/preview" className={buttonClasses('ghost')}>
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </Link>
      </SaveBar>
    </DraftForm>
  );
}

/** /profile/edit#photos (from the coach home checklist) opens at that section. */
function useScrollToHashSection() {
  const location = useLocation();
  useEffect(() => {
    const id = location.hash.slice(1);
    if (!id) return;
    const frame = requestAnimationFrame(() => {
      const section = document.getElementById(id);
      section?.scrollIntoView({ block: 'start' });
      section?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [location.hash]);
}
