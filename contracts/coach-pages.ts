import { z } from 'zod';
import { coachHeadlineFields, coachStatsSchema } from './profiles';

/**
 * Coach pages: the public coach page (/coach/:username, /profile/:username, /profile/{id})
 * and the coach website (/coach/:username/website) read one answer, GET /api/coach-pages/:ref; the
 * coach edits the website's look at /branding (GET/PUT /api/branding/me). Fonts live in
 * profiles.custom_fonts ({ primary }) and are saved through PATCH /api/profiles/me.
 */

// ---- Fonts: bundled (Inter) or system stacks only; the CSP allows no external font host.

export const BRANDING_FONTS = [
  {
    id: 'inter',
    label: 'Inter (default)',
    stack: "'Inter Variable', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', sans-serif",
  },
  {
    id: 'system',
    label: 'System sans-serif',
    stack: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  {
    id: 'humanist',
    label: 'Humanist sans-serif',
    stack: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  },
  {
    id: 'serif',
    label: 'Classic serif',
    stack: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, 'Times New Roman', serif",
  },
  {
    id: 'rounded',
    label: 'Rounded',
    stack:
      "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', sans-serif",
  },
  {
    id: 'mono',
    label: 'Monospace',
    stack: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
  },
] as const;

export type BrandingFont = (typeof BRANDING_FONTS)[number]['id'];
export const BRANDING_FONT_IDS = BRANDING_FONTS.map((font) => font.id) as [BrandingFont, ...BrandingFont[]];
export const DEFAULT_FONT: BrandingFont = 'inter';

/** The font a profile's custom_fonts names (SPEC §3 default 'inter'); an unknown font falls back to it. */
export function fontOf(customFonts: unknown): BrandingFont {
  const primary =
    customFonts && typeof customFonts === 'object' ? (customFonts as { primary?: unknown }).primary : null;
  return typeof primary === 'string' && (BRANDING_FONT_IDS as string[]).includes(primary)
    ? (primary as BrandingFont)
    : DEFAULT_FONT;
}

export const fontStackOf = (font: BrandingFont) =>
  BRANDING_FONTS.find((entry) => entry.id === font)?.stack ?? BRANDING_FONTS[0].stack;

// ---- Colours and contrast (WCAG 2.2: text needs 4.5:1).

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;
export const MIN_TEXT_CONTRAST = 4.5;
/**
 * The text colours a website uses on a coloured surface: whichever reads better. With pure black and
 * white the better one reaches at least 4.58:1 on any colour (a softer dark grey would not).
 */
export const DARK_TEXT = '#000000';
export const LIGHT_TEXT = '#ffffff';

function channel(value: number) {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return (
    0.2126 * channel((value >> 16) & 0xff) +
    0.7152 * channel((value >> 8) & 0xff) +
    0.0722 * channel(value & 0xff)
  );
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour (dark or white) that reads best on a surface; always at least 4.5:1. */
export const readableTextOn = (surface: string) =>
  contrastRatio(DARK_TEXT, surface) >= contrastRatio(LIGHT_TEXT, surface) ? DARK_TEXT : LIGHT_TEXT;

/**
 * How a palette reads: body text is always the readable colour on the background; the primary colour
 * is used for headings, links and buttons on the background, so it must reach 4.5:1 against it.
 */
export function paletteContrast(colors: { primary_color: string; background_color: string }) {
  const primaryOnBackground = contrastRatio(colors.primary_color, colors.background_color);
  return {
    text_on_background: contrastRatio(readableTextOn(colors.background_color), colors.background_color),
    primary_on_background: primaryOnBackground,
    ok: primaryOnBackground >= MIN_TEXT_CONTRAST,
  };
}

export const PRIMARY_CONTRAST_MESSAGE =
  'The primary colour is hard to read on the background (needs a contrast of at least 4.5:1). Pick a darker or lighter primary colour, or another background.';

// ---- Website sections.

export const WEBSITE_SECTION_TYPES = ['about', 'services', 'programs', 'stats', 'contact', 'custom'] as const;
export type WebsiteSectionType = (typeof WEBSITE_SECTION_TYPES)[number];
export const MAX_WEBSITE_SECTIONS = 12;
export const MAX_HEADLINE_LENGTH = 120;
export const MAX_SECTION_TITLE_LENGTH = 80;
export const MAX_SECTION_BODY_LENGTH = 4000;

export const SECTION_LABELS: Record<WebsiteSectionType, string> = {
  about: 'About',
  services: 'Services',
  programs: 'Programs',
  stats: 'Stats',
  contact: 'Contact',
  custom: 'Custom section',
};

export const websiteSectionSchema = z.strictObject({
  type: z.enum(WEBSITE_SECTION_TYPES),
  enabled: z.boolean(),
  /** Custom sections: the heading (required). Others: an optional heading instead of the default. */
  title: z.string().trim().max(MAX_SECTION_TITLE_LENGTH, 'Titles can have at most 80 characters.').optional(),
  /** Custom sections only: plain text, shown as written (no HTML). */
  body: z
    .string()
    .trim()
    .max(MAX_SECTION_BODY_LENGTH, 'A section can have at most 4000 characters.')
    .optional(),
});
export type WebsiteSection = z.infer<typeof websiteSectionSchema>;

export const DEFAULT_SECTIONS: WebsiteSection[] = [
  { type: 'about', enabled: true },
  { type: 'services', enabled: true },
  { type: 'programs', enabled: true },
  { type: 'stats', enabled: true },
  { type: 'contact', enabled: true },
];

export const DEFAULT_COLORS = {
  primary_color: '#0f766e',
  accent_color: '#f59e0b',
  background_color: '#ffffff',
} as const;

const color = z
  .string()
  .regex(HEX_COLOR, 'Use a colour in the form #rrggbb.')
  .transform((value) => value.toLowerCase());

/** PUT /api/branding/me: the whole website look (fonts go through PATCH /api/profiles/me). */
export const brandingBodySchema = z
  .strictObject({
    primary_color: color,
    accent_color: color,
    background_color: color,
    headline: z
      .string()
      .trim()
      .max(MAX_HEADLINE_LENGTH, 'The headline can have at most 120 characters.')
      .nullable()
      .transform((value) => (value ? value : null)),
    sections: z
      .array(websiteSectionSchema)
      .max(MAX_WEBSITE_SECTIONS, 'A website can have at most 12 sections.'),
  })
  .superRefine((body, context) => {
    if (!paletteContrast(body).ok)
      context.addIssue({ code: 'custom', path: ['primary_color'], message: PRIMARY_CONTRAST_MESSAGE });
    const seen = new Set<string>();
    body.sections.forEach((section, index) => {
      if (section.type === 'custom') {
        if (!section.title)
          context.addIssue({
            code: 'custom',
            path: ['sections', index, 'title'],
            message: 'Give this custom section a title.',
          });
        if (!section.body)
          context.addIssue({
            code: 'custom',
            path: ['sections', index, 'body'],
            message: 'Write some text for this custom section.',
          });
        return;
      }
      if (section.body !== undefined && section.body !== '')
        context.addIssue({
          code: 'custom',
          path: ['sections', index, 'body'],
          message: 'Only custom sections have their own text.',
        });
      if (seen.has(section.type))
        context.addIssue({
          code: 'custom',
          path: ['sections', index, 'type'],
          message: `The ${SECTION_LABELS[section.type]} section can appear only once.`,
        });
      seen.add(section.type);
    });
  });
/** What the browser sends. */
export type BrandingBody = z.input<typeof brandingBodySchema>;
/** What the server stores (colours lower-cased, texts trimmed, an empty headline as null). */
export type BrandingValues = z.output<typeof brandingBodySchema>;

/** A website's look as the coach page and the website read it. */
export const brandingSchema = z.object({
  font: z.enum(BRANDING_FONT_IDS),
  primary_color: z.string(),
  accent_color: z.string(),
  background_color: z.string(),
  headline: z.string().nullable(),
  sections: z.array(websiteSectionSchema),
});
export type Branding = z.infer<typeof brandingSchema>;

/** GET/PUT /api/branding/me: the caller's branding; `updated_at` null while the defaults apply. */
export const ownBrandingSchema = brandingSchema.extend({
  updated_at: z.string().nullable(),
  /** Where the website lives (null until the coach has a username: then /coach/{id}/website). */
  username: z.string().nullable(),
  coach_id: z.string(),
  enable_live_preview_labels: z.boolean(),
});
export type OwnBranding = z.infer<typeof ownBrandingSchema>;

// ---- The coach page.

export const coachPageParamsSchema = z.object({ ref: z.string().trim().min(1).max(60) });

/**
 * GET /api/coach-pages/:ref (public; ref = username, profile id or user id). What a coach's toggles
 * hide is not sent at all: `online` only with show_online_status, `stats` only with show_coach_stats
 * (zeros until sessions are recorded), `trust` only with show_trust_signals.
 */
export const coachPageSchema = z.object({
  /** The profile id (/profile/{id}). */
  id: z.string(),
  /** coach_id, the coach's user id (services, programs and follows are keyed by it), and their names. */
  ...coachHeadlineFields,
  short_bio: z.string().nullable(),
  about_me: z.string().nullable(),
  work_experience: z.string().nullable(),
  avatar_url: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  categories: z.array(z.string()),
  /** Approved and holding the coach role: shown in discovery. */
  listed: z.boolean(),
  rates: z.object({ text: z.number().int(), audio: z.number().int(), video: z.number().int() }),
  display: z.object({
    show_services_prominently: z.boolean(),
    show_service_badges: z.boolean(),
    enable_follow_button: z.boolean(),
    enable_notify_button: z.boolean(),
    enable_live_preview_labels: z.boolean(),
  }),
  online: z
    .object({
      is_online: z.boolean(),
      availability_message: z.string().nullable(),
      /** In a session now. The server always sends it; optional for pages made before it. */
      is_busy: z.boolean().optional(),
    })
    .optional(),
  stats: coachStatsSchema.optional(),
  trust: z
    .object({
      verified: z.boolean(),
      years_experience: z.number().int().nullable(),
      member_since: z.string(),
    })
    .optional(),
  branding: brandingSchema,
});
export type CoachPage = z.infer<typeof coachPageSchema>;

/** The branding screen's refusal for someone without the coach role (403). */
export const NOT_A_COACH_MESSAGE =
  'Only coaches have a website to brand. Apply to coach on Wellspring first, then come back here.';
