import { Avatar } from '#web/components/avatar';

/**
 * The coach's photo, or initials on a gradient, in a square box of `size` pixels fixed before the image
 * arrives, so nothing moves when it loads (performance G9: no layout shift).
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
  return (
    <Avatar
      name={name}
      src={url}
      size={size}
      eager
      style={{ width: size, height: size, fontSize: Math.round(size * 0.36) }}
      className={className}
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
