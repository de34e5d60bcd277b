import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  SESSION_ROOM_COMMANDS,
  SESSION_ROOM_EVENTS,
  rtcSignalEventSchema,
  type RtcSignal,
} from '#contracts/session-room';
import { useRealtimeClient } from '#web/lib/realtime/use-realtime-topic';
import { onUserEvent } from '#web/lib/realtime/user-events';
import { rtcConfigQueryOptions } from '../api/get-rtc-config';
import {
  CallConnection,
  type CallQuality,
  type CallRole,
  type CallState,
  type MediaFlags,
  type PeerConnectionFactory,
} from '../lib/call-connection';
import { useLocalMedia } from './use-local-media';

/** How often the connection quality is measured. */
const QUALITY_EVERY_MS = 2_000;

export type UseCallInput = {
  sessionId: string;
  role: CallRole;
  withVideo: boolean;
  /** False once the session is over: no media, no connection. */
  enabled: boolean;
  createPeerConnection?: PeerConnectionFactory;
};

/**
 * A session's call: the camera and microphone, the ICE servers, and one
 * CallConnection to the other party, signalled over the tab's realtime socket ('session.signal' out,
 * 'rtc.signal' events in on the person's own topic). It starts by itself: each side announces itself
 * when its socket is connected, and again after every reconnect (a network loss), which rebuilds the
 * call. Without camera and microphone the connection still receives the other side.
 */
export function useCall({ sessionId, role, withVideo, enabled, createPeerConnection }: UseCallInput) {
  const realtime = useRealtimeClient();
  const config = useQuery({ ...rtcConfigQueryOptions(sessionId), enabled });
  const { media, retry } = useLocalMedia(enabled, withVideo);
  const [callState, setCallState] = useState<CallState>('waiting');
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [remoteMedia, setRemoteMedia] = useState<MediaFlags>({ audio: true, video: withVideo });
  const [localMedia, setLocalMediaState] = useState<MediaFlags>({ audio: true, video: withVideo });
  const [quality, setQuality] = useState<CallQuality>('unknown');
  const connectionRef = useRef<CallConnection | null>(null);
  const localRef = useRef(localMedia);
  useEffect(() => {
    localRef.current = localMedia;
  });

  const iceServers = config.data?.ice_servers;
  const ready = enabled && iceServers !== undefined && media.state !== 'pending';
  const stream = media.stream;

  useEffect(() => {
    if (!ready) return;
    const send = (signal: RtcSignal) =>
      void realtime.command(SESSION_ROOM_COMMANDS.signal, { session_id: sessionId, signal });
    const connection = new CallConnection({
      role,
      withVideo,
      iceServers: iceServers ?? [],
      localStream: stream,
      send,
      onRemoteStream: setRemoteStream,
      onStateChange: setCallState,
      onRemoteMedia: setRemoteMedia,
      createPeerConnection,
    });
    connectionRef.current = connection;
    connection.setLocalMedia(stream ? localRef.current : { audio: false, video: false });
    const offSignal = onUserEvent(SESSION_ROOM_EVENTS.signal, (event) => {
      const parsed = rtcSignalEventSchema.safeParse(event.payload);
      if (parsed.success && parsed.data.session_id === sessionId) connection.handleSignal(parsed.data.signal);
    });
    let connectedBefore = false;
    const offConnected = realtime.onConnected(() => {
      if (connectedBefore) connection.rejoin();
      else connection.announce();
      connectedBefore = true;
    });
    return () => {
      offSignal();
      offConnected();
      connection.close();
      connectionRef.current = null;
      setRemoteStream(null);
      setCallState('waiting');
    };
  }, [ready, realtime, sessionId, role, withVideo, iceServers, stream, createPeerConnection]);

  // Connection quality while connected.
  useEffect(() => {
    if (callState !== 'connected') return;
    let totals: { lost: number; received: number } | undefined;
    const timer = setInterval(() => {
      void connectionRef.current?.measureQuality(totals).then((result) => {
        totals = result.totals;
        setQuality(result.quality);
      });
    }, QUALITY_EVERY_MS);
    return () => clearInterval(timer);
  }, [callState]);

  const setLocal = useCallback((change: Partial<MediaFlags>) => {
    setLocalMediaState((current) => {
      const next = { ...current, ...change };
      connectionRef.current?.setLocalMedia(next);
      return next;
    });
  }, []);

  const chooseDevice = useCallback(async (kind: 'audio' | 'video', deviceId: string) => {
    const constraints =
      kind === 'audio'
        ? { audio: { deviceId: { exact: deviceId } } }
        : { video: { deviceId: { exact: deviceId } } };
    const chosen = await navigator.mediaDevices.getUserMedia(constraints);
    const track = kind === 'audio' ? chosen.getAudioTracks()[0] : chosen.getVideoTracks()[0];
    if (track) await connectionRef.current?.replaceTrack(track);
  }, []);

  return {
    media,
    retryMedia: retry,
    configError: config.isError ? config.error : null,
    callState,
    remoteStream,
    remoteMedia,
    localMedia,
    quality: callState === 'connected' ? quality : ('unknown' as CallQuality),
    toggleAudio: () => setLocal({ audio: !localMedia.audio }),
    toggleVideo: () => setLocal({ video: !localMedia.video }),
    chooseDevice,
  };
}

export type CallHandle = ReturnType<typeof useCall>;
