import { BookOpen } from 'lucide-react';
import type { CSSProperties } from 'react';
import { formatCents } from '#web/lib/money';

/**
 * A program's 16:9 cover: its image, or a book on the background while it has none. `className`/`style`
 * colour the box, `iconClassName`/`iconStyle` the book (the website uses the coach's palette).
 */
export function ProgramCover({
  url,
  className = '',
  style,
  iconClassName = '',
  iconStyle,
}: {
  url: string | null;
  className?: string;
  style?: CSSProperties;
  iconClassName?: string;
  iconStyle?: CSSProperties;
}) {
  return (
    <div className={`aspect-[16/9] w-full ${className}`.trim()} style={style}>
      {url ? (
        <img
          src={url}
          alt=""
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <span
          className={`flex size-full items-center justify-center ${iconClassName}`.trim()}
          style={iconStyle}
        >
          <BookOpen aria-hidden="true" className="size-8" />
        </span>
      )}
    </div>
  );
}

/** A program card's last line: how many lessons, and the price (or Free). */
export function ProgramFacts({
  program,
  className = '',
  countClassName,
}: {
  program: { lesson_count: number; price: number };
  className?: string;
  countClassName?: string;
}) {
  return (
    <p className={`mt-auto flex justify-between pt-2 text-sm ${className}`.trim()}>
      <span className={countClassName}>
        {program.lesson_count} {program.lesson_count === 1 ? 'lesson' : 'lessons'}
      </span>
      <span className="font-semibold tabular-nums">
        {program.price === 0 ? 'Free' : formatCents(program.price)}
      </span>
    </p>
  );
}
