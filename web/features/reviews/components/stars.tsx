import { Star } from 'lucide-react';
import { useState } from 'react';

export const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

const ratingWord = (rating: number) => RATING_WORDS[rating - 1] ?? '';

export const starsLabel = (rating: number) => `${rating} out of 5 stars`;

/** A rating shown as five stars (read-only), named for screen readers '4 out of 5 stars'. */
export function Stars({ rating, size = 'size-4' }: { rating: number; size?: string }) {
  return (
    <span role="img" aria-label={starsLabel(rating)} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`${size} ${n <= rating ? 'fill-current text-warning' : 'text-text-muted/50'}`}
        />
      ))}
    </span>
  );
}

/**
 * The 1–5 star choice: a radio group (one tab stop, arrow keys move and choose, as native radios do),
 * each star named '3 stars, Good'; hovering previews. The chosen word is shown beside the stars.
 */
export function StarRatingInput({
  value,
  onChange,
  error,
  legend = 'Your rating',
  name = 'rating',
}: {
  value: number | null;
  onChange: (rating: number) => void;
  error?: string | null;
  legend?: string;
  name?: string;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined} className="flex flex-col gap-1.5">
      <legend className="text-sm font-medium text-text">{legend}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex items-center" onMouseLeave={() => setHovered(null)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer" onMouseEnter={() => setHovered(n)}>
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-invalid={error ? true : undefined}
                className="peer sr-only"
              />
              <span className="sr-only">{`${n} ${n === 1 ? 'star' : 'stars'}, ${ratingWord(n)}`}</span>
              <span
                aria-hidden="true"
                className="inline-flex size-11 items-center justify-center rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-primary hover:bg-surface-sunken"
              >
                <Star
                  className={`size-7 transition-colors ${n <= shown ? 'fill-current text-warning' : 'text-text-muted/60'}`}
                />
              </span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="min-w-20 text-sm font-medium text-text-muted">
          {shown > 0 ? ratingWord(shown) : 'Choose 1 to 5 stars'}
        </span>
      </div>
      {error ? (
        <p id={`${name}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
