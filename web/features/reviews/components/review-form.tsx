import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { createReviewSchema, REVIEW_BODY_MAX } from '../../../../contracts/reviews';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-error';
import { Spinner } from '../../../components/spinner';
import { TextareaField } from '../../../components/textarea-field';
import { useToast } from '../../../components/toast';
import { useCreateReview } from '../api/reviews';
import { StarRatingInput } from './stars';

/** Rate 1–5 and (optionally) say how it went; once sent it cannot be changed. */
export function ReviewForm({
  sessionId,
  about,
  placeholder,
}: {
  sessionId: string;
  /** Who the review is about (for the labels). */
  about: string;
  placeholder: string;
}) {
  const { toast } = useToast();
  const create = useCreateReview(sessionId);
  const [rating, setRating] = useState<number | null>(null);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; body?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = createReviewSchema.safeParse({ rating: rating ?? undefined, body });
    if (!checked.success) {
      const next: { rating?: string; body?: string } = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'body' ? 'body' : 'rating';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: () => toast({ title: 'Review sent', description: `Thank you for reviewing ${about}.` }),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <StarRatingInput
        legend={`How was your session with ${about}?`}
        value={rating}
        onChange={(next) => {
          setRating(next);
          setErrors((current) => ({ ...current, rating: undefined }));
        }}
        error={errors.rating}
      />
      <TextareaField
        label="Your review (optional)"
        hint="Once sent, a review cannot be changed."
        placeholder={placeholder}
        value={body}
        maxLength={REVIEW_BODY_MAX}
        rows={5}
        onChange={(event) => {
          setBody(event.target.value);
          if (errors.body) setErrors((current) => ({ ...current, body: undefined }));
        }}
        error={errors.body}
      />
      <FormError error={create.error} />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner className="size-4" /> : <Send aria-hidden="true" className="size-4" />}
          Send review
        </Button>
      </div>
    </form>
  );
}
