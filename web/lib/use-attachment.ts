import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { attachmentQueryKey, fetchAttachment } from './attachments';
import { useAuth } from './auth/use-auth';
import { saveBlob } from './save-blob';

/** An attachment's bytes are kept this long after nothing shows them. */
const ATTACHMENT_GC_MS = 10 * 60_000;

/**
 * Object URLs by blob, counted by the components showing them: made once per blob (a render may run twice)
 * and revoked a moment after the last one stops showing it (StrictMode unmounts and mounts again at once).
 */
const objectUrls = new WeakMap<Blob, { url: string; users: number }>();
const REVOKE_DELAY_MS = 1_000;

function objectUrlFor(blob: Blob): string {
  const held = objectUrls.get(blob);
  if (held) return held.url;
  const url = URL.createObjectURL(blob);
  objectUrls.set(blob, { url, users: 0 });
  return url;
}

/** An object URL for a blob while the component shows it. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? objectUrlFor(blob) : null), [blob]);
  useEffect(() => {
    if (!blob) return;
    const held = objectUrls.get(blob);
    if (!held) return;
    held.users += 1;
    return () => {
      held.users -= 1;
      setTimeout(() => {
        if (held.users > 0 || objectUrls.get(blob) !== held) return;
        objectUrls.delete(blob);
        URL.revokeObjectURL(held.url);
      }, REVOKE_DELAY_MS);
    };
  }, [blob]);
  return url;
}

/**
 * An image or voice note to show inline: fetched once with the bearer token (attachments are private, so a
 * plain src could not load them) and shown through an object URL.
 */
export function useAttachmentUrl(url: string) {
  const { accessToken } = useAuth();
  const query = useQuery({
    queryKey: attachmentQueryKey(url),
    queryFn: ({ signal }) => fetchAttachment(url, { accessToken, signal }),
    // An attachment never changes.
    staleTime: Infinity,
    gcTime: ATTACHMENT_GC_MS,
    retry: 1,
  });
  return { objectUrl: useObjectUrl(query.data), isError: query.isError, retry: () => void query.refetch() };
}

/** Saves a file attachment under its name (fetched on demand with the bearer token). */
export function useDownloadAttachment() {
  const queryClient = useQueryClient();
  const { accessToken } = useAuth();
  return useCallback(
    async (url: string, name: string) => {
      const blob = await queryClient.fetchQuery({
        queryKey: attachmentQueryKey(url),
        queryFn: ({ signal }) => fetchAttachment(url, { accessToken, signal }),
        staleTime: Infinity,
        gcTime: ATTACHMENT_GC_MS,
      });
      saveBlob(blob, name);
    },
    [queryClient, accessToken],
  );
}
