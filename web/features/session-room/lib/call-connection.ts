import type { RtcSignal } from '#contracts/session-room';

/**
 * One side of a 1:1 call, framework-free so it is tested with a fake peer
 * connection. The coach is the offerer, the client the answerer:
 *
 * - Either side announces itself with `ready` when it (re)joins. The coach answers a client's `ready`
 *   with a fresh connection and an offer; the client answers the coach's `ready` with its own `ready`
 *   (so whoever arrives second, the coach always makes the offer, and nothing loops).
 * - Signals carry the sender's peer id (random per connection) and the peer they are meant for, so a
 *   signal for an earlier page or connection is ignored.
 * - Recovery: when ICE fails (or stays disconnected), the coach restarts ICE with a new offer and the
 *   client asks for a fresh connection with `ready`; `rejoin()` (the socket came back after a network
 *   loss) does the same.
 */
export type CallRole = 'offerer' | 'answerer';
export type CallState = 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'closed';
export type CallQuality = 'good' | 'fair' | 'poor' | 'unknown';
export type MediaFlags = { audio: boolean; video: boolean };

export type PeerConnectionFactory = (configuration: RTCConfiguration) => RTCPeerConnection;

export type CallConnectionOptions = {
  role: CallRole;
  /** 'video' sends and receives a camera track as well as the microphone. */
  withVideo: boolean;
  iceServers: RTCIceServer[];
  send: (signal: RtcSignal) => void;
  localStream: MediaStream | null;
  onRemoteStream: (stream: MediaStream | null) => void;
  onStateChange: (state: CallState) => void;
  onRemoteMedia: (media: MediaFlags) => void;
  createPeerConnection?: PeerConnectionFactory;
  /** How long ICE may stay 'disconnected' before a restart (default 4 s). */
  disconnectedGraceMs?: number;
};

const randomPeerId = () => {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
};

export class CallConnection {
  private pc: RTCPeerConnection | null = null;
  private peerId = randomPeerId();
  private remotePeer: string | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private remoteStream: MediaStream | null = null;
  private state: CallState = 'waiting';
  private disconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private localMedia: MediaFlags;
  private closed = false;
  /** Work on the peer connection runs one step at a time (signals arrive faster than SDP is applied). */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: CallConnectionOptions) {
    this.localMedia = {
      audio: !!options.localStream?.getAudioTracks()[0],
      video: options.withVideo && !!options.localStream?.getVideoTracks()[0],
    };
  }

  get id() {
    return this.peerId;
  }

  get connectionState(): CallState {
    return this.state;
  }

  /** Announces this side: the start of a call, or a request for a fresh one. */
  announce() {
    if (this.closed) return;
    this.options.send({ kind: 'ready', from: this.peerId });
  }

  /** The socket came back after a network loss: ask for a fresh connection (or restart ICE). */
  rejoin() {
    if (this.closed) return;
    if (this.options.role === 'offerer' && this.pc && this.remotePeer) this.enqueue(() => this.offer(true));
    else this.announce();
  }

  handleSignal(signal: RtcSignal) {
    if (this.closed) return;
    this.enqueue(() => this.apply(signal));
  }

  /** Microphone and camera on or off (the other side hears silence, sees black, and is told). */
  setLocalMedia(media: Partial<MediaFlags>) {
    this.localMedia = { ...this.localMedia, ...media };
    const stream = this.options.localStream;
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = this.localMedia.audio;
    for (const track of stream?.getVideoTracks() ?? []) track.enabled = this.localMedia.video;
    this.sendMedia();
  }

  /** Another microphone or camera: the new track replaces the old one without renegotiation. */
  async replaceTrack(track: MediaStreamTrack) {
    const stream = this.options.localStream;
    if (stream) {
      for (const old of track.kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks()) {
        stream.removeTrack(old);
        old.stop();
      }
      stream.addTrack(track);
    }
    track.enabled = track.kind === 'audio' ? this.localMedia.audio : this.localMedia.video;
    const sender = this.pc?.getSenders().find((candidate) => candidate.track?.kind === track.kind);
    if (sender) await sender.replaceTrack(track);
  }

  /** Quality from the selected candidate pair's round trip and the inbound packet loss. */
  async measureQuality(previous?: { lost: number; received: number }) {
    if (!this.pc || this.state !== 'connected')
      return { quality: 'unknown' as CallQuality, totals: previous };
    const stats = await this.pc.getStats();
    let rtt: number | undefined;
    let lost = 0;
    let received = 0;
    stats.forEach((report: Record<string, unknown>) => {
      if (report.type === 'candidate-pair' && report.state === 'succeeded' && report.nominated)
        rtt = typeof report.currentRoundTripTime === 'number' ? report.currentRoundTripTime : rtt;
      if (report.type === 'inbound-rtp') {
        lost += typeof report.packetsLost === 'number' ? report.packetsLost : 0;
        received += typeof report.packetsReceived === 'number' ? report.packetsReceived : 0;
      }
    });
    const totals = { lost, received };
    const dLost = lost - (previous?.lost ?? 0);
    const dReceived = received - (previous?.received ?? 0);
    const loss = dLost + dReceived > 0 ? dLost / (dLost + dReceived) : 0;
    return { quality: qualityOf(rtt, loss), totals };
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.options.send({ kind: 'bye', from: this.peerId });
    this.teardown();
    this.setState('closed');
  }

  // ---- internals

  private enqueue(step: () => Promise<void>) {
    this.chain = this.chain.then(step).catch((error: unknown) => {
      console.error('The call could not apply a step', error);
    });
  }

  private setState(state: CallState) {
    if (this.state === state) return;
    this.state = state;
    this.options.onStateChange(state);
  }

  private sendMedia() {
    if (!this.remotePeer) return;
    this.options.send({ kind: 'media', from: this.peerId, ...this.localMedia });
  }

  private async apply(signal: RtcSignal) {
    switch (signal.kind) {
      case 'ready':
        if (this.options.role === 'offerer') {
          this.fresh(signal.from);
          await this.offer(false);
        } else if (this.remotePeer !== signal.from || this.state !== 'connected') {
          // The coach (re)joined: ask for the offer.
          this.announce();
        }
        return;
      case 'description':
        if (signal.to !== this.peerId) return;
        if (signal.description.type === 'offer' && this.options.role === 'answerer') {
          if (signal.from !== this.remotePeer || !this.pc) this.fresh(signal.from);
          const pc = this.pc!;
          await pc.setRemoteDescription(signal.description);
          this.addLocalTracks(pc);
          await pc.setLocalDescription(await pc.createAnswer());
          const answer = pc.localDescription;
          if (answer)
            this.options.send({
              kind: 'description',
              from: this.peerId,
              to: signal.from,
              description: { type: 'answer', sdp: answer.sdp },
            });
          await this.flushCandidates();
          this.sendMedia();
        } else if (
          signal.description.type === 'answer' &&
          this.options.role === 'offerer' &&
          signal.from === this.remotePeer &&
          this.pc?.signalingState === 'have-local-offer'
        ) {
          await this.pc.setRemoteDescription(signal.description);
          await this.flushCandidates();
          this.sendMedia();
        }
        return;
      case 'candidate':
        if (signal.to !== this.peerId || signal.from !== this.remotePeer || !signal.candidate) return;
        if (this.pc?.remoteDescription) await this.pc.addIceCandidate(signal.candidate);
        else this.pendingCandidates.push(signal.candidate);
        return;
      case 'media':
        if (signal.from === this.remotePeer || this.remotePeer === null)
          this.options.onRemoteMedia({ audio: signal.audio, video: signal.video });
        return;
      case 'bye':
        if (signal.from !== this.remotePeer) return;
        this.teardown();
        this.setState('waiting');
        return;
    }
  }

  private async flushCandidates() {
    const pc = this.pc;
    if (!pc) return;
    for (const candidate of this.pendingCandidates.splice(0)) await pc.addIceCandidate(candidate);
  }

  /** A new peer connection to `remotePeer` (the old one, if any, is closed). */
  private fresh(remotePeer: string) {
    this.teardown();
    // The coach's every connection is a new peer: answers and candidates meant for an earlier offer
    // are then ignored. The client keeps its id for the page, which the coach addresses offers to.
    if (this.options.role === 'offerer') this.peerId = randomPeerId();
    this.remotePeer = remotePeer;
    const create =
      this.options.createPeerConnection ?? ((configuration) => new RTCPeerConnection(configuration));
    const pc = create({ iceServers: this.options.iceServers });
    this.pc = pc;
    this.setState('connecting');
    pc.onicecandidate = (event) => {
      if (this.pc !== pc || !this.remotePeer) return;
      this.options.send({
        kind: 'candidate',
        from: this.peerId,
        to: this.remotePeer,
        candidate: event.candidate
          ? {
              candidate: event.candidate.candidate,
              sdpMid: event.candidate.sdpMid,
              sdpMLineIndex: event.candidate.sdpMLineIndex,
              usernameFragment: event.candidate.usernameFragment,
            }
          : null,
      });
    };
    pc.ontrack = (event) => {
      if (this.pc !== pc) return;
      const stream = this.remoteStream ?? new MediaStream();
      if (!stream.getTracks().includes(event.track)) stream.addTrack(event.track);
      this.remoteStream = stream;
      this.options.onRemoteStream(stream);
    };
    pc.oniceconnectionstatechange = () => {
      if (this.pc !== pc) return;
      this.onIceState(pc.iceConnectionState);
    };
    if (this.options.role === 'offerer') {
      const stream = this.options.localStream;
      const kinds: ('audio' | 'video')[] = this.options.withVideo ? ['audio', 'video'] : ['audio'];
      for (const kind of kinds) {
        const track = kind === 'audio' ? stream?.getAudioTracks()[0] : stream?.getVideoTracks()[0];
        if (track && stream) pc.addTransceiver(track, { direction: 'sendrecv', streams: [stream] });
        else pc.addTransceiver(kind, { direction: 'recvonly' });
      }
    }
  }

  /** The answerer's tracks go on the transceivers the offer created. */
  private addLocalTracks(pc: RTCPeerConnection) {
    const stream = this.options.localStream;
    if (!stream) return;
    const sending = new Set(pc.getSenders().map((sender) => sender.track));
    for (const track of stream.getTracks()) {
      if (track.kind === 'video' && !this.options.withVideo) continue;
      if (!sending.has(track)) pc.addTrack(track, stream);
    }
  }

  private async offer(iceRestart: boolean) {
    const pc = this.pc;
    if (!pc || !this.remotePeer) return;
    await pc.setLocalDescription(await pc.createOffer(iceRestart ? { iceRestart: true } : undefined));
    const offer = pc.localDescription;
    if (!offer || this.pc !== pc) return;
    this.options.send({
      kind: 'description',
      from: this.peerId,
      to: this.remotePeer,
      description: { type: 'offer', sdp: offer.sdp },
    });
  }

  private onIceState(ice: RTCIceConnectionState) {
    if (this.disconnectTimer) clearTimeout(this.disconnectTimer);
    this.disconnectTimer = undefined;
    if (ice === 'connected' || ice === 'completed') {
      this.setState('connected');
      return;
    }
    if (ice === 'disconnected') {
      this.setState('reconnecting');
      this.disconnectTimer = setTimeout(() => this.recover(), this.options.disconnectedGraceMs ?? 4_000);
      return;
    }
    if (ice === 'failed') {
      this.setState('reconnecting');
      this.recover();
    }
  }

  private recover() {
    if (this.closed) return;
    if (this.options.role === 'offerer') this.enqueue(() => this.offer(true));
    else this.announce();
  }

  private teardown() {
    if (this.disconnectTimer) clearTimeout(this.disconnectTimer);
    this.disconnectTimer = undefined;
    if (this.pc) {
      this.pc.onicecandidate = null;
      this.pc.ontrack = null;
      this.pc.oniceconnectionstatechange = null;
      this.pc.close();
    }
    this.pc = null;
    this.remotePeer = null;
    this.pendingCandidates = [];
    if (this.remoteStream) {
      this.remoteStream = null;
      this.options.onRemoteStream(null);
    }
  }
}

/** Round trip in seconds and the share of packets lost since the last measure. */
export function qualityOf(rtt: number | undefined, loss: number): CallQuality {
  if (rtt === undefined && loss === 0) return 'good';
  if ((rtt ?? 0) < 0.3 && loss < 0.02) return 'good';
  if ((rtt ?? 0) < 0.6 && loss < 0.08) return 'fair';
  return 'poor';
}
