import {
  Camera,
  CameraOff,
  Loader2,
  Mic,
  MicOff,
  RefreshCw,
  Settings2,
  ShieldAlert,
  SignalHigh,
  SignalLow,
  SignalMedium,
  Volume2,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Avatar } from '#web/components/avatar';
import { Button } from '#web/components/button';
import { Dialog } from '#web/components/dialog';
import type { CallHandle } from '../hooks/use-call';
import type { CallQuality, CallState } from '../lib/call-connection';

const QUALITY = {
  good: { label: 'Good connection', Icon: SignalHigh, tone: 'text-emerald-300' },
  fair: { label: 'Fair connection', Icon: SignalMedium, tone: 'text-amber-300' },
  poor: { label: 'Poor connection', Icon: SignalLow, tone: 'text-red-300' },
  unknown: { label: 'Measuring the connection', Icon: SignalMedium, tone: 'text-white/70' },
} as const satisfies Record<CallQuality, unknown>;

const controlClasses = (on: boolean) =>
  `inline-flex size-12 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${
    on ? 'bg-white/15 text-white hover:bg-white/25' : 'bg-danger text-white hover:bg-danger/90'
  }`;

/**
 * The call of an audio or video session: the other person's video (or their avatar
 * for audio), the self view, mute, camera, device choice and the connection quality. Without camera
 * and microphone it explains how to allow them and the session goes on in the chat.
 */
export function CallPanel({
  call,
  withVideo,
  otherName,
  otherAvatarUrl,
  otherPresent,
}: {
  call: CallHandle;
  withVideo: boolean;
  otherName: string;
  otherAvatarUrl: string | null;
  /** Whether the other party has the room open (chat_sessions presence). */
  otherPresent: boolean;
}) {
  const { media, callState, remoteStream, remoteMedia, localMedia, quality } = call;
  const [devicesOpen, setDevicesOpen] = useState(false);
  const showRemoteVideo = withVideo && remoteStream !== null && remoteMedia.video;
  const { label, Icon, tone } = QUALITY[quality];

  return (
    <section
      aria-label={withVideo ? 'Video call' : 'Audio call'}
      className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-stone-900 text-white shadow-soft"
    >
      <div className={`relative ${withVideo ? 'aspect-video' : 'h-56 sm:h-64'} w-full`}>
        {remoteStream ? (
          <RemoteMedia
            stream={remoteStream}
            withVideo={withVideo}
            name={otherName}
            hidden={!showRemoteVideo}
          />
        ) : null}
        {!showRemoteVideo ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center">
            <Avatar name={otherName} src={otherAvatarUrl} size={96} className="size-20 text-2xl sm:size-24" />
            <p className="text-sm text-white/80" aria-live="polite" data-testid="call-status">
              {statusText(callState, otherName, otherPresent, remoteStream !== null, withVideo)}
            </p>
          </div>
        ) : null}
        {remoteStream && !remoteMedia.audio ? (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1 text-xs">
            <MicOff aria-hidden="true" className="size-3.5" />
            <span data-testid="remote-muted">{otherName} is muted</span>
          </span>
        ) : null}
        {callState === 'reconnecting' ? (
          <span className="absolute top-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1 text-xs">
            <Loader2 aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" />
            Reconnecting…
          </span>
        ) : null}
        {withVideo && media.state === 'granted' && media.hasCamera ? (
          <SelfView stream={media.stream} cameraOn={localMedia.video} />
        ) : null}
      </div>

      {media.state === 'denied' || media.state === 'unavailable' ? (
        <BlockedMedia state={media.state} withVideo={withVideo} onRetry={call.retryMedia} />
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
        <span className={`inline-flex items-center gap-1.5 text-sm ${tone}`} data-testid="call-quality">
          <Icon aria-hidden="true" className="size-4" />
          {callState === 'connected'
            ? label
            : callState === 'reconnecting'
              ? 'Reconnecting…'
              : 'Not connected yet'}
        </span>
        <div className="flex items-center gap-2">
          {media.state === 'granted' ? (
            <>
              <MediaToggle device="microphone" on={localMedia.audio} onClick={call.toggleAudio} />
              {withVideo && media.hasCamera ? (
                <MediaToggle device="camera" on={localMedia.video} onClick={call.toggleVideo} />
              ) : null}
              <button
                type="button"
                className={controlClasses(true)}
                aria-label="Choose microphone and camera"
                onClick={() => setDevicesOpen(true)}
              >
                <Settings2 aria-hidden="true" />
              </button>
            </>
          ) : null}
        </div>
      </div>
      <DeviceDialog open={devicesOpen} onOpenChange={setDevicesOpen} call={call} withVideo={withVideo} />
    </section>
  );
}

function statusText(
  state: CallState,
  otherName: string,
  otherPresent: boolean,
  hasRemote: boolean,
  withVideo: boolean,
): string {
  if (state === 'reconnecting') return `The connection dropped. Reconnecting to ${otherName}…`;
  if (state === 'connected' || hasRemote)
    return withVideo ? `${otherName} has their camera off.` : `You are talking with ${otherName}.`;
  if (state === 'connecting') return `Connecting to ${otherName}…`;
  return otherPresent ? `Connecting to ${otherName}…` : `Waiting for ${otherName} to join…`;
}

function RemoteMedia({
  stream,
  withVideo,
  name,
  hidden,
}: {
  stream: MediaStream;
  withVideo: boolean;
  name: string;
  hidden: boolean;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = stream;
    element.play().then(
      () => setBlocked(false),
      // Autoplay with sound needs a gesture on some browsers: offer one.
      () => setBlocked(true),
    );
  }, [stream]);
  const play = () => void ref.current?.play().then(() => setBlocked(false));
  return (
    <>
      {withVideo ? (
        <video
          ref={ref}
          autoPlay
          playsInline
          aria-label={`${name}'s video`}
          data-testid="remote-video"
          className={`absolute inset-0 size-full bg-black object-contain ${hidden ? 'invisible' : ''}`}
        />
      ) : (
        <audio ref={ref} autoPlay data-testid="remote-audio" />
      )}
      {blocked ? (
        <button
          type="button"
          onClick={play}
          className="absolute bottom-3 left-1/2 z-10 inline-flex min-h-11 -translate-x-1/2 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-stone-900"
        >
          <Volume2 aria-hidden="true" className="size-4" />
          Tap to hear {name}
        </button>
      ) : null}
    </>
  );
}

function SelfView({ stream, cameraOn }: { stream: MediaStream; cameraOn: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <div className="absolute right-3 bottom-3 w-28 overflow-hidden rounded-[var(--radius-control)] border border-white/30 bg-stone-800 shadow-lg sm:w-40">
      <video
        ref={ref}
        autoPlay
        playsInline
        muted
        aria-label="Your camera"
        data-testid="self-view"
        className={`aspect-video w-full -scale-x-100 object-cover ${cameraOn ? '' : 'invisible'}`}
      />
      {!cameraOn ? (
        <span className="absolute inset-0 flex items-center justify-center text-xs text-white/80">
          Camera off
        </span>
      ) : null}
    </div>
  );
}

function BlockedMedia({
  state,
  withVideo,
  onRetry,
}: {
  state: 'denied' | 'unavailable';
  withVideo: boolean;
  onRetry: () => void;
}) {
  const devices = withVideo ? 'camera and microphone' : 'microphone';
  return (
    <div role="status" className="flex gap-3 border-t border-white/10 bg-stone-800 px-4 py-3 text-sm">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="min-w-0">
        <p className="font-semibold">
          {state === 'denied' ? `Your ${devices} are blocked` : `No ${devices} found`}
          {withVideo ? '' : ''}
        </p>
        <p className="mt-1 text-white/80">
          {state === 'denied'
            ? `The session goes on in the chat, and you can still see and hear the other side. To join in, allow the ${devices} for this site (the camera icon in the address bar, or your browser's site settings), then try again.`
            : `The session goes on in the chat, and you can still see and hear the other side. Connect a ${withVideo ? 'camera or microphone' : 'microphone'}, then try again.`}
        </p>
        <Button
          variant="secondary"
          className="mt-2 min-h-9 border-white/30 bg-transparent text-white hover:bg-white/10"
          onClick={onRetry}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    </div>
  );
}

function DeviceDialog({
  open,
  onOpenChange,
  call,
  withVideo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  call: CallHandle;
  withVideo: boolean;
}) {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const micId = useId();
  const cameraId = useId();
  useEffect(() => {
    if (!open) return;
    void navigator.mediaDevices?.enumerateDevices().then(setDevices, () => setDevices([]));
  }, [open]);
  const current = (kind: 'audio' | 'video') => {
    const stream = call.media.stream;
    const track = kind === 'audio' ? stream?.getAudioTracks()[0] : stream?.getVideoTracks()[0];
    return track?.getSettings().deviceId ?? '';
  };
  const choose = (kind: 'audio' | 'video', deviceId: string) => {
    setError(null);
    call
      .chooseDevice(kind, deviceId)
      .catch(() => setError('That device could not be opened. Try another one.'));
  };
  const select = (id: string, label: string, kind: 'audio' | 'video', list: MediaDeviceInfo[]): ReactNode => (
    <div className="mt-4">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="mt-1 min-h-11 w-full rounded-[var(--radius-control)] border border-border bg-surface px-3 text-sm"
        defaultValue={current(kind)}
        onChange={(event) => choose(kind, event.target.value)}
      >
        {list.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || `${kind === 'audio' ? 'Microphone' : 'Camera'} ${index + 1}`}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Microphone and camera"
      description="Choose which devices the call uses. The change applies at once."
      footer={<Button onClick={() => onOpenChange(false)}>Done</Button>}
    >
      {select(
        micId,
        'Microphone',
        'audio',
        devices.filter((device) => device.kind === 'audioinput'),
      )}
      {withVideo
        ? select(
            cameraId,
            'Camera',
            'video',
            devices.filter((device) => device.kind === 'videoinput'),
          )
        : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

const MEDIA_TOGGLES = {
  microphone: {
    Icon: Mic,
    OffIcon: MicOff,
    turnOff: 'Mute your microphone',
    turnOn: 'Unmute your microphone',
  },
  camera: {
    Icon: Camera,
    OffIcon: CameraOff,
    turnOff: 'Turn your camera off',
    turnOn: 'Turn your camera on',
  },
} as const;

/** A microphone or camera switch: pressed while the device is off, named after what a press does. */
function MediaToggle({
  device,
  on,
  onClick,
}: {
  device: keyof typeof MEDIA_TOGGLES;
  on: boolean;
  onClick: () => void;
}) {
  const { Icon, OffIcon, turnOff, turnOn } = MEDIA_TOGGLES[device];
  return (
    <button
      type="button"
      className={controlClasses(on)}
      aria-pressed={!on}
      aria-label={on ? turnOff : turnOn}
      onClick={onClick}
      data-testid={`toggle-${device}`}
    >
      {on ? <Icon aria-hidden="true" /> : <OffIcon aria-hidden="true" />}
    </button>
  );
}
