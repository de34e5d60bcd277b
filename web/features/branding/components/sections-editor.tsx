import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  MAX_SECTION_BODY_LENGTH,
  MAX_SECTION_TITLE_LENGTH,
  MAX_WEBSITE_SECTIONS,
  SECTION_LABELS,
  WEBSITE_SECTION_TYPES,
  type WebsiteSectionType,
} from '#contracts/coach-pages';
import { Button } from '#web/components/button';
import { inputClasses } from '#web/components/text-field';
import { moveItem, newSectionKey, type DraftSection } from '../lib/draft';
import { CountedField } from './counted-field';

const BUILT_IN = WEBSITE_SECTION_TYPES.filter((type) => type !== 'custom');

const nameOf = (section: DraftSection) =>
  section.type === 'custom' ? section.title?.trim() || 'Custom section' : SECTION_LABELS[section.type];

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-[var(--radius-control)] text-text hover:bg-surface-sunken disabled:cursor-not-allowed disabled:opacity-40';

function CustomFields({
  section,
  errors,
  index,
  onChange,
}: {
  section: DraftSection;
  errors: Record<string, string>;
  index: number;
  onChange: (change: Partial<DraftSection>) => void;
}) {
  const titleError = errors[`sections.${index}.title`];
  const bodyError = errors[`sections.${index}.body`];
  const title = section.title ?? '';
  const body = section.body ?? '';
  return (
    <div className="mt-3 flex flex-col gap-3">
      <CountedField
        label="Title"
        length={title.trim().length}
        max={MAX_SECTION_TITLE_LENGTH}
        error={titleError}
      >
        {(control) => (
          <input
            {...control}
            value={title}
            maxLength={MAX_SECTION_TITLE_LENGTH + 20}
            onChange={(event) => onChange({ title: event.target.value })}
            className={inputClasses}
          />
        )}
      </CountedField>
      <CountedField
        label="Text"
        hint="Plain text; line breaks are kept."
        length={body.trim().length}
        max={MAX_SECTION_BODY_LENGTH}
        error={bodyError}
      >
        {(control) => (
          <textarea
            {...control}
            value={body}
            rows={5}
            onChange={(event) => onChange({ body: event.target.value })}
            className={`${inputClasses} min-h-28 resize-y`}
          />
        )}
      </CountedField>
    </div>
  );
}

/**
 * The website's sections: show or hide each, reorder them with Move up / Move down buttons (the
 * keyboard keeps its place on the moved section and a live region says where it went), add custom
 * sections and remove any.
 */
export function SectionsEditor({
  sections,
  errors,
  onChange,
}: {
  sections: DraftSection[];
  errors: Record<string, string>;
  onChange: (sections: DraftSection[]) => void;
}) {
  const [announcement, setAnnouncement] = useState('');
  // Where focus goes once the moved, added or removed section has been rendered.
  const focusTarget = useRef<string | null>(null);
  const buttons = useRef(new Map<string, HTMLElement>());

  useEffect(() => {
    if (!focusTarget.current) return;
    buttons.current.get(focusTarget.current)?.focus();
    focusTarget.current = null;
  }, [sections]);

  const setFocus = (key: string) => {
    focusTarget.current = key;
  };

  const full = sections.length >= MAX_WEBSITE_SECTIONS;
  const missing = BUILT_IN.filter((type) => !sections.some((section) => section.type === type));

  function update(index: number, change: Partial<DraftSection>) {
    onChange(sections.map((section, at) => (at === index ? { ...section, ...change } : section)));
  }

  function move(index: number, delta: -1 | 1) {
    const section = sections[index]!;
    const next = moveItem(sections, index, delta);
    onChange(next);
    const position = index + delta;
    // Keep focus on the moved section; at an edge the other button is the one still usable.
    const direction =
      (delta === -1 && position === 0) || (delta === 1 && position === next.length - 1)
        ? delta === -1
          ? 'down'
          : 'up'
        : delta === -1
          ? 'up'
          : 'down';
    setFocus(`${section.key}-${direction}`);
    setAnnouncement(`${nameOf(section)} moved to position ${position + 1} of ${next.length}.`);
  }

  function remove(index: number) {
    const section = sections[index]!;
    const next = sections.filter((_, at) => at !== index);
    onChange(next);
    setAnnouncement(`${nameOf(section)} removed.`);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) setFocus(`${neighbour.key}-toggle`);
  }

  function add(type: WebsiteSectionType) {
    const section: DraftSection =
      type === 'custom'
        ? { key: newSectionKey(), type, enabled: true, title: '', body: '' }
        : { key: newSectionKey(), type, enabled: true };
    onChange([...sections, section]);
    setAnnouncement(`${SECTION_LABELS[type]} added at the end.`);
    setFocus(`${section.key}-toggle`);
  }

  const register = (key: string) => (element: HTMLElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {sections.length === 0 ? (
        <p className="rounded-[var(--radius-control)] border border-dashed border-border p-4 text-sm text-text-muted">
          No sections yet: your website shows only its cover and headline. Add a section below.
        </p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {sections.map((section, index) => {
          const name = nameOf(section);
          return (
            <li
              key={section.key}
              className={`rounded-[var(--radius-control)] border border-border p-3 ${section.enabled ? 'bg-surface' : 'bg-surface-sunken'}`}
            >
              <div className="flex items-center gap-2">
                <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3">
                  <input
                    ref={register(`${section.key}-toggle`)}
                    type="checkbox"
                    checked={section.enabled}
                    onChange={(event) => update(index, { enabled: event.target.checked })}
                    className="size-5 shrink-0 accent-[var(--primary)]"
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{name}</span>
                    <span className="block text-xs text-text-muted">
                      {section.enabled ? 'Shown' : 'Hidden'} · {`position ${index + 1}`}
                    </span>
                  </span>
                </label>
                <button
                  ref={register(`${section.key}-up`)}
                  type="button"
                  className={iconButton}
                  disabled={index === 0}
                  aria-label={`Move ${name} up`}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  ref={register(`${section.key}-down`)}
                  type="button"
                  className={iconButton}
                  disabled={index === sections.length - 1}
                  aria-label={`Move ${name} down`}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className={`${iconButton} text-danger`}
                  aria-label={`Remove ${name}`}
                  onClick={() => remove(index)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </div>
              {section.type === 'custom' ? (
                <CustomFields
                  section={section}
                  errors={errors}
                  index={index}
                  onChange={(change) => update(index, change)}
                />
              ) : null}
              {errors[`sections.${index}.type`] ? (
                <p className="mt-2 text-sm font-medium text-danger">{errors[`sections.${index}.type`]}</p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        {missing.map((type) => (
          <Button key={type} variant="secondary" disabled={full} onClick={() => add(type)}>
            <Plus aria-hidden="true" className="size-4" />
            {SECTION_LABELS[type]}
          </Button>
        ))}
        <Button variant="secondary" disabled={full} onClick={() => add('custom')}>
          <Plus aria-hidden="true" className="size-4" />
          Custom section
        </Button>
      </div>
      <p className="text-sm text-text-muted">
        {full
          ? `That's the most a website can have (${MAX_WEBSITE_SECTIONS}). Remove one to add another.`
          : `${sections.length} of ${MAX_WEBSITE_SECTIONS} sections.`}
      </p>
      {errors.sections ? <p className="text-sm font-medium text-danger">{errors.sections}</p> : null}
    </div>
  );
}
