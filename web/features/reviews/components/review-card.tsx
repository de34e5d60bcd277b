import { CornerDownRight, EyeOff, MessageSquareReply } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { REVIEW_REPLY_MAX, replyReviewSchema, type Review } from '#contracts/reviews';
import { Button } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { Spinner } from '#web/components/spinner';
import { TextareaField } from '#web/components/textarea-field';
import { useToast } from '#web/components/toast';
import { useReplyReview } from '../api/reviews';
import { Stars } from './stars';
import { formatDate, localTimeZone } from '#web/lib/dates';

export const formatReviewDate = (iso: string) => formatDate(iso, localTimeZone());

/** A review: stars, who and when, the text (line breaks kept), and the coach's reply under it. */
export function ReviewCard({
  rating,
  body,
  byline,
  createdAt,
  reply,
  replyBy,
  repliedAt,
  note,
  children,
}: {
  rating: number;
  body: string;
  byline: ReactNode;
  createdAt: string;
  reply: string | null;
  replyBy?: string;
  repliedAt: string | null;
  /** A line under the byline (e.g. when the other party can read it). */
  note?: ReactNode;
  /** Actions below (Reply). */
  children?: ReactNode;
}) {
  return (
    <article className="rounded-[var(--radius-control)] border border-border bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Stars rating={rating} />
        <time dateTime={createdAt} className="text-sm text-text-muted">
          {formatReviewDate(createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm font-medium">{byline}</p>
      {note ? <p className="mt-1 flex items-center gap-1.5 text-sm text-text-muted">{note}</p> : null}
      {body ? (
        <p className="mt-3 break-words whitespace-pre-line">{body}</p>
      ) : (
        <p className="mt-3 text-sm text-text-muted italic">A rating without a written review.</p>
      )}
      {reply ? (
        <div className="mt-4 flex gap-2 rounded-[var(--radius-control)] bg-surface-sunken px-3 py-2.5">
          <CornerDownRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <div className="min-w-0">
            <p className="text-sm font-medium">
              {replyBy ? `Reply from ${replyBy}` : 'Reply from the coach'}
              {repliedAt ? (
                <span className="font-normal text-text-muted">
                  {' · '}
                  <time dateTime={repliedAt}>{formatReviewDate(repliedAt)}</time>
                </span>
              ) : null}
            </p>
            <p className="mt-1 text-sm break-words whitespace-pre-line">{reply}</p>
          </div>
        </div>
      ) : null}
      {children}
    </article>
  );
}

/** The hidden-until note on one's own review. */
export function VisibilityNote({ review, other }: { review: Review; other: string }) {
  if (review.is_visible) return null;
  return (
    <>
      <EyeOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {`Hidden from ${other} until they write theirs, or ${formatReviewDate(review.visible_at)} at the latest.`}
      </span>
    </>
  );
}

/** The coach's one reply: a Reply button opens a short form; once sent it shows under the review. */
export function ReplyBox({ reviewId, clientName }: { reviewId: string; clientName: string }) {
  const { toast } = useToast();
  const replyMutation = useReplyReview();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!open)
    return (
      <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
        <MessageSquareReply aria-hidden="true" className="size-4" />
        Reply
      </Button>
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = replyReviewSchema.safeParse({ reply: text });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    replyMutation.mutate(
      { reviewId, reply: checked.data.reply },
      {
        onSuccess: () =>
          toast({
            title: 'Reply posted',
            description: `${clientName} and visitors to your page can read it.`,
          }),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3">
      <TextareaField
        label={`Your reply to ${clientName}`}
        hint="You can reply once. Your reply is shown under the review on your page."
        value={text}
        maxLength={REVIEW_REPLY_MAX}
        rows={3}
        autoFocus
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        error={error}
      />
      <FormError error={replyMutation.error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={replyMutation.isPending}>
          {replyMutation.isPending ? <Spinner className="size-4" /> : null}
          Post reply
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setOpen(false);
            setText('');
            setError(null);
            replyMutation.reset();
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
