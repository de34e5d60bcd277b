import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Archive, Inbox } from 'lucide-react';
import type { Conversation } from '#contracts/messages';
import { Button } from '#web/components/button';
import { errorText } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { setArchived } from '../api/conversations';

/**
 * "Archive" in a conversation's header (out of the person's inbox, for them only; a new message
 * brings it back), or "Move to inbox" for an archived one.
 */
export function ArchiveButton({ conversation }: { conversation: Conversation }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const archived = conversation.status === 'archived';
  const change = useMutation({
    mutationFn: () => setArchived(queryClient, conversation.id, !archived),
    onSuccess: (updated) =>
      toast({
        title: updated.status === 'archived' ? 'Conversation archived' : 'Moved to your inbox',
        description:
          updated.status === 'archived' ? 'Find it under Archived. A new message brings it back.' : undefined,
      }),
    onError: (error) =>
      toast({ title: 'That did not work', description: errorText(error), variant: 'destructive' }),
  });
  const label = archived ? 'Move to inbox' : 'Archive conversation';
  return (
    <Button
      variant="ghost"
      aria-label={label}
      title={label}
      busy={change.isPending}
      onClick={() => change.mutate()}
      className="size-11 shrink-0 px-0"
    >
      {change.isPending ? null : archived ? (
        <Inbox aria-hidden="true" className="size-5" />
      ) : (
        <Archive aria-hidden="true" className="size-5" />
      )}
    </Button>
  );
}
