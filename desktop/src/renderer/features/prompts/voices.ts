/** The voice of a prompt that answers in writing (the default; the others speak). */
export const TEXT_VOICE = 'texto';

/** A neural voice as people call it: `pt-BR-FranciscaNeural` is Francisca. */
export function voiceName(voice: string): string {
  return /^[a-z]{2}-[A-Z]{2}-(.+)Neural$/.exec(voice)?.[1] ?? voice;
}

/** A prompt's voice with the speech service's key and region it needs. */
export interface VoiceFields {
  voice: string;
  voiceKey: string;
  voiceRegion: string;
}

/**
 * A form's values once `voice` is chosen. Answering in text needs no speech service, so its key
 * and region are cleared: hidden, they are neither checked nor sent. A voice chosen after text
 * starts from the saved key (its mask) and region, which are empty for a prompt that never spoke.
 */
export function chooseVoice<V extends VoiceFields>(values: V, voice: string, saved: Omit<VoiceFields, 'voice'>): V {
  if (voice === TEXT_VOICE) return { ...values, voice, voiceKey: '', voiceRegion: '' };
  if (values.voice === TEXT_VOICE) return { ...values, voice, ...saved };
  return { ...values, voice };
}
