import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Conversation, InquiryMessage } from '#contracts/messages';
import { storeRead } from '../api/conversations';
import { markRead } from '../api/messages';
import { readSeqs } from '../lib/message-log';

function useTabVisible() {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * While a conversation is on screen (and the tab visible), everything in it is read: POST read with
 * the newest seq when the other side has written something the caller has not read, at first and as
 * new messages arrive. A failed post is tried again with the next change.
 */
export function useMarkRead(conversation: Conversation | undefined, messages: readonly InquiryMessage[]) {
  const queryClient = useQueryClient();
  const visible = useTabVisible();
  const posted = useRef(0);
  const id = conversation?.id;
  const role = conversation?.role;
  const mine = conversation ? readSeqs(conversation).mine : 0;
  const latest = messages.at(-1)?.seq ?? 0;
  const unread = messages.some((message) => message.sender_type !== role && message.seq > mine);

  useEffect(() => {
    if (!id || !role || !visible || !unread || latest <= posted.current) return;
    const before = posted.current;
    posted.current = latest;
    markRead(id, latest).then(
      () =>
        storeRead(
          queryClient,
          id,
          role === 'coach' ? { coach_seq: latest, client_seq: 0 } : { coach_seq: 0, client_seq: latest },
        ),
      () => {
        if (posted.current === latest) posted.current = before;
      },
    );
  }, [id, role, visible, unread, latest, queryClient]);
}
