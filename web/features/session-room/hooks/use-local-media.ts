import { useCallback, useEffect, useState } from 'react';

/**
 * The camera and microphone for a call. `denied`: the browser (or the person) refused them; the
 * session goes on as chat and the screen says how to allow them. `unavailable`: no such device.
 */
export type LocalMedia =
  | { state: 'pending'; stream: null }
  | { state: 'granted'; stream: MediaStream; hasCamera: boolean }
  | { state: 'denied' | 'unavailable'; stream: null };

async function open(withVideo: boolean): Promise<LocalMedia> {
  if (!navigator.mediaDevices?.getUserMedia) return { state: 'unavailable', stream: null };
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: withVideo });
    return { state: 'granted', stream, hasCamera: stream.getVideoTracks().length > 0 };
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') return { state: 'denied', stream: null };
    // No camera (or it is busy): the microphone alone still makes a call.
    if (withVideo) {
      try {
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        return { state: 'granted', stream, hasCamera: false };
      } catch (second) {
        const again = second instanceof DOMException ? second.name : '';
        if (again === 'NotAllowedError' || again === 'SecurityError')
          return { state: 'denied', stream: null };
      }
    }
    return { state: 'unavailable', stream: null };
  }
}

export function useLocalMedia(enabled: boolean, withVideo: boolean) {
  const [media, setMedia] = useState<LocalMedia>({ state: 'pending', stream: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let opened: MediaStream | null = null;
    void open(withVideo).then((result) => {
      if (cancelled) {
        result.stream?.getTracks().forEach((track) => track.stop());
        return;
      }
      opened = result.stream;
      setMedia(result);
    });
    return () => {
      cancelled = true;
      opened?.getTracks().forEach((track) => track.stop());
      setMedia({ state: 'pending', stream: null });
    };
  }, [enabled, withVideo, attempt]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { media, retry };
}
