import { useCallback, useEffect, useRef, useState } from 'react';
import { ATTACHMENT_VOICE_MAX_MS } from '#contracts/attachments';

/** What the server accepts as a voice note, in the browser's order of preference. */
const VOICE_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg'];

export type RecordedVoice = { blob: Blob; durationMs: number; extension: 'webm' | 'ogg' };

export type VoiceRecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; elapsedMs: number }
  | { status: 'error'; message: string };

export const VOICE_MESSAGES = {
  denied:
    "Microphone access is blocked. Allow the microphone for this site in your browser's settings to record a voice note.",
  noMicrophone: 'No microphone was found. Connect one to record a voice note.',
  failed: 'The recording could not start. Please try again.',
} as const;

/** The first voice format this browser can record, or null (then there is no record button). */
export function supportedVoiceType(): string | null {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return VOICE_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/**
 * Records a voice note with MediaRecorder: start, then stop (the note goes to `onRecorded`) or cancel
 * (thrown away). Shows the elapsed time and stops by itself at the 5-minute limit. The microphone is
 * released whenever recording ends or the component unmounts.
 */
export function useVoiceRecorder(onRecorded: (voice: RecordedVoice) => void) {
  const [state, setState] = useState<VoiceRecorderState>({ status: 'idle' });
  const session = useRef<{
    recorder: MediaRecorder;
    stream: MediaStream;
    startedAt: number;
    keep: boolean;
    ticker: ReturnType<typeof setInterval>;
  } | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  const finish = useCallback((keep: boolean) => {
    const current = session.current;
    if (!current) return;
    current.keep = keep;
    clearInterval(current.ticker);
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    else current.stream.getTracks().forEach((track) => track.stop());
  }, []);

  const start = useCallback(async () => {
    const type = supportedVoiceType();
    if (!type || session.current) return;
    setState({ status: 'starting' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      setState({
        status: 'error',
        message:
          name === 'NotAllowedError' || name === 'SecurityError'
            ? VOICE_MESSAGES.denied
            : name === 'NotFoundError'
              ? VOICE_MESSAGES.noMicrophone
              : VOICE_MESSAGES.failed,
      });
      return;
    }
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType: type });
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      setState({ status: 'error', message: VOICE_MESSAGES.failed });
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const current = session.current;
      session.current = null;
      stream.getTracks().forEach((track) => track.stop());
      setState({ status: 'idle' });
      if (!current?.keep) return;
      const durationMs = Math.min(ATTACHMENT_VOICE_MAX_MS, Math.max(1, Date.now() - startedAt));
      const blob = new Blob(chunks, { type: recorder.mimeType || type });
      if (blob.size === 0) return;
      onRecordedRef.current({ blob, durationMs, extension: type.startsWith('audio/ogg') ? 'ogg' : 'webm' });
    };
    const ticker = setInterval(() => {
      const elapsedMs = Date.now() - startedAt;
      if (elapsedMs >= ATTACHMENT_VOICE_MAX_MS) finish(true);
      else setState({ status: 'recording', elapsedMs });
    }, 250);
    session.current = { recorder, stream, startedAt, keep: false, ticker };
    // A timeslice, so a long note is gathered as it goes rather than in one piece at the end.
    recorder.start(1_000);
    setState({ status: 'recording', elapsedMs: 0 });
  }, [finish]);

  useEffect(
    () => () => {
      const current = session.current;
      if (!current) return;
      current.keep = false;
      clearInterval(current.ticker);
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      current.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  return {
    state,
    start: () => void start(),
    /** Stops and sends the note. */
    stop: () => finish(true),
    cancel: () => finish(false),
    dismissError: () => setState({ status: 'idle' }),
  };
}
