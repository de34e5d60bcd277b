import { ExternalLink, Palette, RotateCcw, Save } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  BRANDING_FONTS,
  fontStackOf,
  MAX_HEADLINE_LENGTH,
  type Branding,
  type BrandingFont,
  type OwnBranding,
} from '#contracts/coach-pages';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { FormError } from '#web/components/form-error';
import { SectionCard } from '#web/components/section-card';
import { inputClasses } from '#web/components/text-field';
import { useToast } from '#web/components/toast';
import { UnsavedChangesGuard } from '#web/components/unsaved-changes-guard';
import { ApiError } from '#web/lib/api-client';
import { useSaveBranding } from '../api/branding';
import {
  draftOf,
  editorStateOf,
  previewBrandingOf,
  sameLook,
  validateDraft,
  type EditorState,
} from '../lib/draft';
import { ColorField } from './color-field';
import { CountedField } from './counted-field';
import { ContrastCheck } from './contrast-check';
import { SectionsEditor } from './sections-editor';

const COLOR_FIELDS = [
  { field: 'primary_color', label: 'Primary colour', hint: 'Headings, links and buttons.' },
  { field: 'accent_color', label: 'Accent colour', hint: 'Highlights and badges.' },
  { field: 'background_color', label: 'Background colour', hint: 'The page behind everything.' },
] as const;

export type PreviewRenderer = (branding: Branding) => ReactNode;

function Panel({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <SectionCard id={id} title={title} className={`${cardClasses} p-5`}>
      {description ? <p className="mt-1 text-sm text-text-muted">{description}</p> : null}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </SectionCard>
  );
}

/** Server field errors ("body.sections.2.title") keyed like the editor's own ("sections.2.title"). */
function serverFieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof ApiError)) return fields;
  for (const detail of error.details) fields[detail.path.replace(/^body\./, '')] ??= detail.message;
  return fields;
}

/**
 * /branding: the website's font, colours (with a live contrast check), headline and sections, with
 * a live preview of the site as it will look. Saving is optimistic (rolled back when refused), and
 * leaving with unsaved changes asks first.
 */
export function BrandingEditor({
  saved,
  renderPreview,
  websitePath,
}: {
  saved: OwnBranding;
  renderPreview: PreviewRenderer;
  websitePath: string;
}) {
  const [state, setState] = useState<EditorState>(() => editorStateOf(saved));
  const [showErrors, setShowErrors] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const { toast } = useToast();
  const saveBranding = useSaveBranding();
  const fontId = useId();

  const draft = useMemo(() => draftOf(state), [state]);
  const savedLook = useMemo(() => draftOf(editorStateOf(saved)), [saved]);
  const dirty = !sameLook(draft, savedLook);
  const errors = useMemo(
    () => ({ ...serverFieldErrors(saveError), ...validateDraft(draft) }),
    [draft, saveError],
  );
  const visibleErrors = showErrors ? errors : {};
  const preview = useMemo(() => previewBrandingOf(state, saved), [state, saved]);

  const change = (patch: Partial<EditorState>) => {
    setState((current) => ({ ...current, ...patch }));
    setSaveError(null);
  };

  async function save(): Promise<boolean> {
    if (Object.keys(validateDraft(draft)).length > 0) {
      setShowErrors(true);
      return false;
    }
    setSaveError(null);
    try {
      await saveBranding.mutateAsync({ draft, saved });
      setShowErrors(false);
      toast({ title: 'Branding saved', description: 'Your website shows the new look.' });
      return true;
    } catch (error) {
      setShowErrors(true);
      setSaveError(error);
      return false;
    }
  }

  const fieldErrorCount = Object.keys(visibleErrors).length;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <UnsavedChangesGuard when={dirty && !saveBranding.isPending} onSave={save} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight sm:text-3xl">
            <Palette aria-hidden="true" className="size-7 text-primary" />
            Branding
          </h1>
          <p className="mt-1 max-w-2xl text-text-muted">
            The look of your website: font, colours, headline and sections. Your coach page keeps the
            Wellspring look.
          </p>
        </div>
        <Link
          to={websitePath}
          className="inline-flex min-h-11 items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
        >
          Open your website
          <ExternalLink aria-hidden="true" className="size-4" />
        </Link>
      </div>

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[26rem_minmax(0,1fr)]">
        <form
          noValidate
          aria-label="Branding"
          className="flex flex-col gap-6"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Panel title="Font" description="Fonts that come with Wellspring or with your visitors' devices.">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={fontId} className="text-sm font-medium">
                Website font
              </label>
              <select
                id={fontId}
                value={state.font}
                onChange={(event) => change({ font: event.target.value as BrandingFont })}
                className={inputClasses}
              >
                {BRANDING_FONTS.map((font) => (
                  <option key={font.id} value={font.id}>
                    {font.label}
                  </option>
                ))}
              </select>
              <p className="text-lg" style={{ fontFamily: fontStackOf(state.font) }}>
                Calm, practical coaching that fits your life.
              </p>
            </div>
          </Panel>

          <Panel
            title="Colours"
            description="Body text is dark or white, whichever reads best on your background."
          >
            {COLOR_FIELDS.map(({ field, label, hint }) => (
              <ColorField
                key={field}
                label={label}
                hint={hint}
                value={state[field]}
                error={visibleErrors[field]}
                onChange={(value) => change({ [field]: value })}
              />
            ))}
            <ContrastCheck primary={draft.primary_color} background={draft.background_color} />
          </Panel>

          <Panel title="Headline" description="The big line on your cover. Empty: your tagline is used.">
            <CountedField
              label="Headline"
              length={state.headline.trim().length}
              max={MAX_HEADLINE_LENGTH}
              error={visibleErrors.headline}
            >
              {(control) => (
                <input
                  {...control}
                  value={state.headline}
                  maxLength={MAX_HEADLINE_LENGTH + 20}
                  onChange={(event) => change({ headline: event.target.value })}
                  className={inputClasses}
                />
              )}
            </CountedField>
          </Panel>

          <Panel title="Sections" description="Shown in this order. Hidden sections stay here for later.">
            <SectionsEditor
              sections={state.sections}
              errors={visibleErrors}
              onChange={(sections) => change({ sections })}
            />
          </Panel>

          <div
            // Stays in sight while there is something to save; otherwise it keeps its place at the end.
            className={`${dirty || saveError ? 'sticky bottom-20 z-10 lg:bottom-4' : ''} flex flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-surface-raised p-3 shadow-soft sm:p-4`}
          >
            {saveError ? (
              <FormError error={saveError} />
            ) : fieldErrorCount > 0 ? (
              <FormError
                error={`Please fix ${fieldErrorCount === 1 ? 'the field' : `the ${fieldErrorCount} fields`} marked in red, then save again.`}
              />
            ) : null}
            <div className="flex items-center justify-between gap-2">
              <p role="status" className="text-sm text-text-muted">
                {saveBranding.isPending ? 'Saving…' : dirty ? 'Unsaved changes' : 'All changes saved'}
              </p>
              <div className="flex shrink-0 gap-1 sm:gap-2">
                <Button
                  variant="ghost"
                  disabled={!dirty || saveBranding.isPending}
                  onClick={() => {
                    setState(editorStateOf(saved));
                    setShowErrors(false);
                    setSaveError(null);
                  }}
                >
                  <RotateCcw aria-hidden="true" className="size-4" />
                  <span className="sr-only sm:not-sr-only">Discard</span>
                </Button>
                <Button type="submit" disabled={!dirty || saveBranding.isPending}>
                  <Save aria-hidden="true" className="size-4" />
                  {saveBranding.isPending ? 'Saving…' : 'Save'}
                </Button>
              </div>
            </div>
          </div>
        </form>

        <section aria-labelledby="branding-preview" className="lg:sticky lg:top-20">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 id="branding-preview" className="text-lg font-semibold">
              Live preview
            </h2>
            <p className="text-sm text-text-muted">Updates as you type; visitors see it once saved.</p>
          </div>
          <div className="max-h-[calc(100dvh-8rem)] overflow-auto rounded-[var(--radius-card)] border border-border shadow-soft">
            {renderPreview(preview)}
          </div>
        </section>
      </div>
    </div>
  );
}
