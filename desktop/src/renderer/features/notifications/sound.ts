let context: AudioContext | null = null;

/**
 * A short two-tone chime made with the Web Audio API, at the stored volume (0 to 1). Nothing to
 * ship or decode, and silent where audio is unavailable.
 */
export function playNotificationSound(volume: number): void {
  if (volume <= 0) return;
  const Audio =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Audio) return;
  try {
    context ??= new Audio();
    if (context.state === 'suspended') void context.resume();
    const now = context.currentTime;
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.4 * volume), now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.45);
    for (const [frequency, start] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const oscillator = context.createOscillator();
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
