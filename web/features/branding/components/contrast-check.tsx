import { CircleAlert, CircleCheck } from 'lucide-react';
import { contrastRatio, HEX_COLOR, MIN_TEXT_CONTRAST, readableTextOn } from '#contracts/coach-pages';

function Row({ label, ratio, fg, bg }: { label: string; ratio: number; fg: string; bg: string }) {
  const ok = ratio >= MIN_TEXT_CONTRAST;
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <li className="flex items-center gap-3">
      <span
        aria-hidden="true"
        className="inline-flex h-9 w-12 shrink-0 items-center justify-center rounded-[var(--radius-control)] border border-border text-sm font-bold"
        style={{ backgroundColor: bg, color: fg }}
      >
        Aa
      </span>
      <span className="min-w-0 flex-1 text-sm">
        {label}
        <span className="block font-semibold tabular-nums">{`${ratio.toFixed(1)}:1`}</span>
      </span>
      <span
        className={`inline-flex items-center gap-1 text-sm font-semibold ${ok ? 'text-success' : 'text-danger'}`}
      >
        <Icon aria-hidden="true" className="size-4" />
        {ok ? 'Readable' : 'Too low'}
      </span>
    </li>
  );
}

/** The live contrast check (WCAG AA: 4.5:1 for text), read out politely as colours change. */
export function ContrastCheck({ primary, background }: { primary: string; background: string }) {
  if (!HEX_COLOR.test(primary) || !HEX_COLOR.test(background))
    return <p className="text-sm text-text-muted">Enter both colours as #rrggbb to check their contrast.</p>;
  const text = readableTextOn(background);
  const primaryRatio = contrastRatio(primary, background);
  return (
    <div aria-live="polite" className="rounded-[var(--radius-control)] bg-surface-sunken p-3">
      <p className="text-sm font-semibold">Contrast check</p>
      <ul className="mt-2 flex flex-col gap-2">
        <Row
          label="Text on the background"
          ratio={contrastRatio(text, background)}
          fg={text}
          bg={background}
        />
        <Row label="Headings, links and buttons" ratio={primaryRatio} fg={primary} bg={background} />
      </ul>
      {primaryRatio < MIN_TEXT_CONTRAST ? (
        <p className="mt-2 text-sm text-danger">
          Needs at least 4.5:1 so everyone can read it. Try a darker primary colour on a light background, or
          a lighter one on a dark background.
        </p>
      ) : null}
    </div>
  );
}
