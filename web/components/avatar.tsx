import { useState, type CSSProperties } from 'react';

/** Initials of a name ("Maya Thompson" -> "MT"), else of the email, else "?". */
export function initialsOf(name: string | null | undefined, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]![0]}${words[words.length - 1]![0]}`.toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  const local = (email ?? '').split('@')[0] ?? '';
  return local ? local.slice(0, 2).toUpperCase() : '?';
}

/** A stable hue pair from the text, so each person keeps their colours (no network, DESIGN.md). */
function gradientOf(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  // Mid-dark tones: white initials stay above 4.5:1 on both stops.
  return `linear-gradient(135deg, hsl(${hue} 45% 34%), hsl(${(hue + 40) % 360} 50% 28%))`;
}

/**
 * A person's picture: the photo when there is one (and it loads), else initials on a generated
 * gradient (DESIGN.md). Decorative: the name is always written next to it. `size` (pixels) sets the
 * image's intrinsic size so nothing moves when it arrives (performance G9).
 */
export function Avatar({
  name,
  email,
  src,
  size = 40,
  eager = false,
  style,
  className = 'size-9 text-sm',
}: {
  name: string | null | undefined;
  email?: string | null;
  src?: string | null;
  size?: number;
  /** Load at once (a page's main picture) instead of when scrolled into view. */
  eager?: boolean;
  style?: CSSProperties;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src)
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        style={style}
        onError={() => setFailedSrc(src)}
        className={`shrink-0 rounded-full bg-surface-sunken object-cover ${className}`}
      />
    );
  return (
    <span
      aria-hidden="true"
      style={{ ...style, backgroundImage: gradientOf(name || email || '?') }}
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none ${className}`}
    >
      {initialsOf(name, email)}
    </span>
  );
}
