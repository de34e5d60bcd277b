import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, EllipsisVertical, Flag, LifeBuoy, ShieldOff, UserCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { SAFETY_TEXTS, type ConversationParty } from '#contracts/messages';
import { Button } from '#web/components/button';
import { ConfirmDialog } from '#web/components/dialog';
import { errorText, FormError } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { blockedQueryOptions, blockPerson, unblockPerson } from '#web/lib/queries/blocks';
import { ReportDialog } from './report-dialog';

/** Settings' list of the people one blocked (web/features/account-settings BlockedPeopleSection). */
export const BLOCKED_PEOPLE_PATH = '/settings#blocked-people';
/** The help centre's topic closest to staying safe (SPEC §2 help sub-pages have none on safety). */
export const HELP_CENTRE_PATH = '/help-center';

const itemClasses =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-[var(--radius-control)] px-3 text-sm text-text outline-none select-none data-[highlighted]:bg-surface-sunken data-[disabled]:opacity-60';

/** Whether the caller blocked `userId` (GET /api/blocks, shared with Settings); false while unknown. */
export function useBlocked(userId: string | null): boolean {
  const blocks = useQuery({ ...blockedQueryOptions(), enabled: userId !== null });
  return userId !== null && (blocks.data?.blocked.some((person) => person.user_id === userId) ?? false);
}

/**
 * The conversation's menu (⋮ in its header): "Block <name>" (asked first; then no messages or session
 * requests either way, the history kept) or "Unblock <name>", and "Report" (the conversation to the
 * moderators). A visitor without an account can be reported but not blocked.
 */
export function ConversationSafetyMenu({
  conversationId,
  other,
}: {
  conversationId: string;
  other: ConversationParty;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const blocked = useBlocked(other.user_id);
  const [asking, setAsking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const block = useMutation({
    mutationFn: (userId: string) => blockPerson(queryClient, userId),
    onSuccess: () => {
      setAsking(false);
      toast({ title: `You blocked ${other.name}`, description: 'You can unblock them in Settings.' });
    },
  });
  const unblock = useMutation({
    mutationFn: (userId: string) => unblockPerson(queryClient, userId),
    onSuccess: () => toast({ title: `You unblocked ${other.name}` }),
    onError: (error) =>
      toast({
        title: `${other.name} is still blocked`,
        description: errorText(error),
        variant: 'destructive',
      }),
  });
  const userId = other.user_id;

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={`Options for your conversation with ${other.name}`}
          title="Options"
          className="ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-text-muted hover:bg-surface-sunken hover:text-text focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-surface-sunken"
        >
          <EllipsisVertical aria-hidden="true" className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-56 rounded-[var(--radius-card)] border border-border bg-surface-raised p-2 text-text shadow-soft"
          >
            {userId ? (
              blocked ? (
                <DropdownMenu.Item
                  className={itemClasses}
                  disabled={unblock.isPending}
                  onSelect={() => unblock.mutate(userId)}
                >
                  <UserCheck aria-hidden="true" className="size-4 text-text-muted" />
                  {`Unblock ${other.name}`}
                </DropdownMenu.Item>
              ) : (
                <DropdownMenu.Item className={itemClasses} onSelect={() => setAsking(true)}>
                  <Ban aria-hidden="true" className="size-4 text-text-muted" />
                  {`Block ${other.name}`}
                </DropdownMenu.Item>
              )
            ) : null}
            <DropdownMenu.Item className={itemClasses} onSelect={() => setReporting(true)}>
              <Flag aria-hidden="true" className="size-4 text-text-muted" />
              Report
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      {userId ? (
        <ConfirmDialog
          open={asking}
          onOpenChange={(next) => {
            if (!next) block.reset();
            setAsking(next);
          }}
          title={`Block ${other.name}?`}
          description={`${other.name} will not be able to send you messages or session requests, and neither will you to them. Your conversation stays here. You can unblock them in Settings.`}
          footer={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)}>
                Cancel
              </Button>
              <Button variant="danger" disabled={block.isPending} onClick={() => block.mutate(userId)}>
                {block.isPending ? 'Blocking…' : `Block ${other.name}`}
              </Button>
            </>
          }
        >
          <FormError error={block.error} />
        </ConfirmDialog>
      ) : null}

      <ReportDialog
        conversationId={conversationId}
        otherName={other.name}
        open={reporting}
        onOpenChange={setReporting}
      />
    </>
  );
}

/**
 * In place of the message box: why nothing can be sent — the caller blocked them
 * (SAFETY_TEXTS.blockedByYou, with the way to Settings), or the server refused a send because of a block
 * (its own words, e.g. SAFETY_TEXTS.blockedByOther).
 */
export function BlockedNotice({
  message,
  byYou,
  announce = true,
}: {
  message: string;
  byYou: boolean;
  /** Read out when it appears; false when the refused send's toast already says it. */
  announce?: boolean;
}) {
  return (
    <div
      role={announce ? 'status' : undefined}
      data-testid="blocked-notice"
      className="flex items-start gap-3 border-t border-border bg-surface-sunken px-4 py-3 text-sm text-text"
    >
      <ShieldOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-text-muted" />
      <p className="min-w-0">
        {message}
        {byYou ? (
          <>
            {' '}
            <Link
              to={BLOCKED_PEOPLE_PATH}
              className="font-semibold text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
            >
              Go to Settings
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** The client's conversation: SAFETY_TEXTS.crisisNote with the help centre's link (#17). */
export function CrisisNote() {
  return (
    <p className="flex items-start gap-2 border-b border-border bg-surface px-4 py-2 text-xs text-text-muted">
      <LifeBuoy aria-hidden="true" className="mt-px size-4 shrink-0" />
      <span>
        {SAFETY_TEXTS.crisisNote}{' '}
        <Link
          to={HELP_CENTRE_PATH}
          className="font-medium text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
        >
          Help centre
        </Link>
      </span>
    </p>
  );
}
