import { Send } from 'lucide-react';
import { z } from 'zod';
import { createReviewSchema, REVIEW_BODY_MAX, type CreateReview } from '#contracts/reviews';
import { Button } from '#web/components/button';
import { fieldError, Form, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { Spinner } from '#web/components/spinner';
import { TextareaField } from '#web/components/textarea-field';
import { useToast } from '#web/components/toast';
import { useCreateReview } from '../api/reviews';
import { StarRatingInput } from './stars';

/** The form's values (no star chosen yet: null) into the contract's body; its messages on the fields. */
const reviewFormSchema = z
  .object({ rating: z.number().nullable(), body: z.string() })
  // No star yet goes on as undefined, so the contract answers with its own rating message.
  .transform((review): CreateReview => ({
    rating: (review.rating ?? undefined) as number,
    body: review.body,
  }))
  .pipe(createReviewSchema);

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
  const form = useZodForm(reviewFormSchema, { defaultValues: { rating: null, body: '' } });
  const [rating, body] = form.watch(['rating', 'body']);

  function submit(review: z.output<typeof reviewFormSchema>) {
    create.mutate(review, {
      onSuccess: () => toast({ title: 'Review sent', description: `Thank you for reviewing ${about}.` }),
    });
  }

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
      <StarRatingInput
        legend={`How was your session with ${about}?`}
        value={rating}
        onChange={(next) => {
          form.setValue('rating', next);
          form.clearErrors('rating');
        }}
        error={fieldError(form, 'rating')}
      />
      <TextareaField
        label="Your review (optional)"
        hint="Once sent, a review cannot be changed."
        placeholder={placeholder}
        value={body}
        maxLength={REVIEW_BODY_MAX}
        rows={5}
        {...form.register('body', { onChange: () => form.clearErrors('body') })}
        error={fieldError(form, 'body')}
      />
      <FormError error={create.error} />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner className="size-4" /> : <Send aria-hidden="true" className="size-4" />}
          Send review
        </Button>
      </div>
    </Form>
  );
}
