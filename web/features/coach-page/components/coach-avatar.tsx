import { Avatar } from '../../../components/avatar';

/**
 * The coach's photo, or initials on a gradient. The box has a fixed size before the image arrives,
 * so nothing moves when it loads (performance G9: no layout shift).
 */
export function CoachAvatar({
  name,
  url,
  size,
  className = '',
}: {
  name: string;
  url: string | null;
  /** Pixels; the box is square. */
  size: number;
  className?: string;
}) {
  const box = { width: size, height: size };
  if (!url)
    return (
      <span
        style={{ ...box, fontSize: Math.round(size * 0.36) }}
        className={`inline-flex shrink-0 rounded-full ${className}`}
      >
        <Avatar name={name} className="size-full text-[length:inherit]" />
      </span>
    );
  return (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      style={box}
      decoding="async"
      className={`shrink-0 rounded-full bg-surface-sunken object-cover ${className}`}
    />
  );
}

/** A small tag that names a part of the page in previews (the coach's enable_live_preview_labels). */
export function PreviewLabel({ children }: { children: string }) {
  return (
    <span className="inline-flex items-center rounded-full border border-dashed border-info/60 bg-surface px-2 py-0.5 text-xs font-medium text-info shadow-soft">
      {children}
    </span>
  );
}
