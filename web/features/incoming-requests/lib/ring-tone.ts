/**
 * The incoming-request ring (SPEC §4: repeated every 2 s while the banner shows): two short soft
 * tones made with the Web Audio API — no sound file. Browsers keep audio locked until the person has
 * interacted with the page; until then (or where Web Audio is missing) it stays silent, without errors.
 */
type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const globals = globalThis as unknown as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  const Constructor = globals.AudioContext ?? globals.webkitAudioContext;
  if (!Constructor) return null;
  // Creating it before any gesture only earns a console warning and a locked context: wait.
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  if (activation && !activation.hasBeenActive) return null;
  context = new Constructor();
  return context;
}

function tone(ctx: AudioContext, frequency: number, startsAt: number, seconds: number) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.setValueAtTime(frequency, startsAt);
  // A soft attack and release: a chime, not a buzzer.
  gain.gain.setValueAtTime(0.0001, startsAt);
  gain.gain.exponentialRampToValueAtTime(0.18, startsAt + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, startsAt + seconds);
  oscillator.connect(gain);
  gain.connect(ctx.destination);
  oscillator.start(startsAt);
  oscillator.stop(startsAt + seconds + 0.02);
}

/** Plays one ring, or nothing when audio is not available or not allowed yet. Never throws. */
export function playRingTone(): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    const play = () => {
      const at = ctx.currentTime + 0.01;
      tone(ctx, 880, at, 0.25);
      tone(ctx, 660, at + 0.3, 0.35);
    };
    if (ctx.state === 'running') play();
    else
      void ctx.resume().then(
        () => {
          if (ctx.state === 'running') play();
        },
        () => undefined,
      );
  } catch {
    // Audio is a courtesy: the banner itself is the alert.
  }
}
