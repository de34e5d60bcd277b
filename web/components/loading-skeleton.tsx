import type { ReactNode } from 'react';

/**
 * A placeholder while data loads: `label` is said once to assistive tech (role=status), the grey
 * shapes in `children` are hidden from it. `className` lays out the shapes (the pulse is added).
 */
export function LoadingSkeleton({
  label,
  className = 'flex flex-col gap-6',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true" className={`animate-pulse ${className}`.trim()}>
        {children}
      </div>
    </div>
  );
}

/** One grey bar of a skeleton; `className` gives its size (e.g. `h-4 w-1/2`). */
export function SkeletonBar({ className }: { className: string }) {
  return <span className={`block rounded bg-surface-sunken ${className}`} />;
}

/**
 * A skeleton list of `rows` rows: `label` is said to assistive tech, each row shows `row` (by default
 * an avatar beside a title and a subtitle line).
 */
export function SkeletonRows({
  label,
  rows = 3,
  listClassName = 'flex flex-col divide-y divide-border',
  rowClassName = 'flex items-center gap-3 p-4',
  row = <SkeletonAvatarLines />,
}: {
  label: string;
  rows?: number;
  listClassName?: string;
  rowClassName?: string;
  row?: ReactNode;
}) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul aria-hidden="true" className={listClassName}>
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} className={`animate-pulse ${rowClassName}`}>
            {row}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A round avatar beside a title line and a shorter subtitle line. */
export function SkeletonAvatarLines({
  avatarClassName = 'size-10',
  titleClassName = 'w-1/2',
}: {
  avatarClassName?: string;
  titleClassName?: string;
}) {
  return (
    <>
      <span className={`shrink-0 rounded-full bg-surface-sunken ${avatarClassName}`} />
      <span className="flex flex-1 flex-col gap-2">
        <SkeletonBar className={`h-4 ${titleClassName}`} />
        <SkeletonBar className="h-3 w-1/3" />
      </span>
    </>
  );
}
