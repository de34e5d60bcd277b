import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { startConversation } from '../api/conversations';
import { conversationPath } from './conversation-list';

/**
 * "Message" on a coach's page, for a signed-in client: finds or starts their conversation with the
 * coach and opens it.
 */
export function MessageCoachButton({ coachId, coachName }: { coachId: string; coachName: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => startConversation(queryClient, { coach_id: coachId }),
    onSuccess: (conversation) => void navigate(conversationPath(conversation.id)),
  });
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        aria-label={`Message ${coachName}`}
        busy={start.isPending}
        onClick={() => start.mutate()}
      >
        {start.isPending ? null : <MessageCircle aria-hidden="true" className="size-4" />}
        Message
      </Button>
      {start.isError ? <FormError error={start.error} /> : null}
    </div>
  );
}
