import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { websitePalette } from '../lib/display';
import { PreviewLabel } from './coach-avatar';

export type Palette = ReturnType<typeof websitePalette>;

/** A faint tint of the text colour over the background: cards and rules that work on any palette. */
export const tint = (palette: Palette, percent: number) =>
  `color-mix(in srgb, ${palette.text} ${percent}%, ${palette.background})`;

export function SiteButton({ to, palette, children }: { to: string; palette: Palette; children: ReactNode }) {
  return (
    <Link
      to={to}
      style={{ backgroundColor: palette.primary, color: palette.onPrimary }}
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-[var(--radius-control)] px-5 py-2 text-sm font-semibold shadow-soft hover:opacity-90"
    >
      {children}
    </Link>
  );
}

export function SectionFrame({
  id,
  heading,
  palette,
  label,
  children,
}: {
  id: string;
  heading: string;
  palette: Palette;
  label: string | null;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="py-10 sm:py-14"
      style={{ borderTop: `1px solid ${tint(palette, 12)}` }}
    >
      <div className="mx-auto w-full max-w-4xl px-5 sm:px-8">
        <div className="flex flex-wrap items-center gap-3">
          <h2
            id={id}
            className="text-2xl font-semibold tracking-tight sm:text-3xl"
            style={{ color: palette.link }}
          >
            {heading}
          </h2>
          {label ? <PreviewLabel>{label}</PreviewLabel> : null}
        </div>
        <span
          aria-hidden="true"
          className="mt-3 block h-1 w-12 rounded-full"
          style={{ backgroundColor: palette.accent }}
        />
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
