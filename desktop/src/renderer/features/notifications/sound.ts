let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Audio =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Audio) return null;
  try {
    context ??= new Audio();
  } catch {
    return null;
  }
  return context;
}

/**
 * Whether the browser holds the chime back: after a reload, until the page gets a click or a key,
 * browsers keep audio suspended (their autoplay rule), so alerts would be silent without a word. A
 * new audio context starts suspended even where it may play and starts running a moment later:
 * the answer waits for that moment.
 */
export async function soundBlocked(settleMs = 500): Promise<boolean> {
  const audio = audioContext();
  if (!audio) return false;
  if (audio.state === 'suspended') {
    await new Promise<void>((resolve) => {
      const timer = window.setTimeout(resolve, settleMs);
      audio.addEventListener(
        'statechange',
        () => {
          window.clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
  return audio.state === 'suspended';
}

/** Asks the browser to let the chime play; works from a click or a key press. True once it may. */
export async function allowSound(): Promise<boolean> {
  const audio = audioContext();
  if (!audio) return false;
  try {
    await audio.resume();
  } catch {
    return false;
  }
  return audio.state === 'running';
}

/**
 * A short two-tone chime made with the Web Audio API, at the stored volume (0 to 1). Nothing to
 * ship or decode, and silent where audio is unavailable.
 */
export function playNotificationSound(volume: number): void {
  if (volume <= 0) return;
  const audio = audioContext();
  if (!audio) return;
  try {
    if (audio.state === 'suspended') void audio.resume();
    const now = audio.currentTime;
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.4 * volume), now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.45);
    for (const [frequency, start] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const oscillator = audio.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, now + start);
      oscillator.connect(gain);
      oscillator.start(now + start);
      oscillator.stop(now + start + 0.3);
    }
  } catch {
    // Audio is a courtesy: a blocked or missing output never breaks the app.
  }
}
