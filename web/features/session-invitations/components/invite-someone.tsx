import { useQuery } from '@tanstack/react-query';
import { MailCheck, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  createInvitationSchema,
  type InvitationStatus,
  type SessionInvitation,
} from '#contracts/session-invitations';
import { Button } from '#web/components/button';
import { Dialog } from '#web/components/dialog';
import { FormError } from '#web/components/form-error';
import { LoadError } from '#web/components/load-error';
import { TextField } from '#web/components/text-field';
import { ApiError } from '#web/lib/api-client';
import { invitationsQueryOptions, useCreateInvitation } from '../api/session-invitations';
import { localTimeZone } from '#web/lib/dates';
import { formatTime } from '#web/lib/date-times';

const STATUS_TEXT: Record<InvitationStatus, string> = {
  pending: 'Invited',
  used: 'Joined',
  expired: 'Link expired',
};

const STATUS_CLASSES: Record<InvitationStatus, string> = {
  pending: 'bg-primary-soft text-primary',
  used: 'bg-success/15 text-success',
  expired: 'bg-surface-sunken text-text-muted',
};

/**
 * "Invite someone" in a live session room, for the coach and the client: a dialog with
 * an email field; the invitee gets the session_invitation email with a one-time guest link. Below it,
 * who was invited and whether they joined.
 */
export function InviteSomeone({ sessionId }: { sessionId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} className="w-full sm:w-auto">
        <UserPlus aria-hidden="true" className="size-4" />
        Invite someone
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Invite someone to this session"
        description="They get an email with a link to join as a guest: they can read and write in the chat, while the call stays between the coach and the client. The link works once, until the session ends."
      >
        {open ? <InviteForm sessionId={sessionId} /> : null}
      </Dialog>
    </>
  );
}

function InviteForm({ sessionId }: { sessionId: string }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const create = useCreateInvitation(sessionId);
  const invitations = useQuery(invitationsQueryOptions(sessionId));
  const listId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createInvitationSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter an email address.');
      return;
    }
    setFieldError(null);
    setSentTo(null);
    create.mutate(parsed.data, {
      onSuccess: ({ invitation }) => {
        setSentTo(invitation.invitee_email);
        setEmail('');
      },
    });
  };

  // A field error from the server (e.g. one's own address) shows at the field; anything else above the button.
  const serverFieldError =
    create.error instanceof ApiError && create.error.status === 400 ? create.error.message : null;

  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <TextField
          label="Their email address"
          type="email"
          autoComplete="off"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(null);
          }}
          error={fieldError ?? serverFieldError}
        />
        {create.error && !serverFieldError ? <FormError error={create.error} /> : null}
        {sentTo ? (
          <p role="status" className="flex gap-2 text-sm text-success">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>Invitation sent to {sentTo}.</span>
          </p>
        ) : null}
        <Button type="submit" disabled={create.isPending} className="w-full sm:self-end sm:w-auto">
          {create.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>

      <section aria-labelledby={listId}>
        <h3 id={listId} className="text-sm font-semibold">
          Invited to this session
        </h3>
        {invitations.isPending ? (
          <p className="mt-2 text-sm text-text-muted">Loading…</p>
        ) : invitations.isError ? (
          <div className="mt-2">
            <LoadError
              title="The invitations did not load"
              error={invitations.error}
              onRetry={() => void invitations.refetch()}
            />
          </div>
        ) : invitations.data.invitations.length === 0 ? (
          <p className="mt-2 text-sm text-text-muted">Nobody yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-border rounded-[var(--radius-control)] border border-border">
            {invitations.data.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function InvitationRow({ invitation }: { invitation: SessionInvitation }) {
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm" data-testid="invitation">
      <div className="min-w-0">
        <p className="truncate font-medium text-text">{invitation.invitee_email}</p>
        <p className="text-xs text-text-muted">
          {invitation.invited_by === 'coach' ? 'Invited by the coach' : 'Invited by the client'} at{' '}
          <time dateTime={invitation.created_at}>{formatTime(invitation.created_at, localTimeZone())}</time>
        </p>
      </div>
      <span
        className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_CLASSES[invitation.status]}`}
      >
        {STATUS_TEXT[invitation.status]}
      </span>
    </li>
  );
}
