import { BookOpen } from 'lucide-react';
import type { CSSProperties } from 'react';

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
