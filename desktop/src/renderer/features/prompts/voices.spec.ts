import { describe, expect, it } from '@jest/globals';
import { PROMPT_VOICES } from '@atendo/shared';
import { chooseVoice, TEXT_VOICE, voiceName } from './voices';

describe('prompt voices', () => {
  it('calls each neural voice by its own name', () => {
    expect(voiceName('pt-BR-FranciscaNeural')).toBe('Francisca');
    expect(PROMPT_VOICES.filter((voice) => voice !== TEXT_VOICE).map(voiceName)).toEqual([
      'Francisca',
      'Antonio',
      'Brenda',
      'Donato',
      'Elza',
      'Fabio',
      'Giovanna',
      'Humberto',
      'Julio',
      'Leila',
      'Leticia',
      'Manuela',
      'Nicolau',
      'Valerio',
      'Yara',
    ]);
  });

  it('is the first choice of the shared list, the one that answers in text', () => {
    expect(PROMPT_VOICES[0]).toBe(TEXT_VOICE);
  });
});

describe('choosing a voice', () => {
  const saved = { voiceKey: '••••••••9f3a', voiceRegion: 'brazilsouth' };
  const form = { name: 'Vendas', voice: 'pt-BR-ElzaNeural', voiceKey: 'typed-key', voiceRegion: 'eastus' };

  it('clears the speech key and region for text, so nothing hidden is checked or sent', () => {
    expect(chooseVoice(form, TEXT_VOICE, saved)).toEqual({
      name: 'Vendas',
      voice: TEXT_VOICE,
      voiceKey: '',
      voiceRegion: '',
    });
  });

  it('starts a voice chosen after text from the saved key and region', () => {
    const text = { ...form, voice: TEXT_VOICE, voiceKey: '', voiceRegion: '' };
    expect(chooseVoice(text, 'pt-BR-YaraNeural', saved)).toEqual({ ...text, voice: 'pt-BR-YaraNeural', ...saved });
    expect(chooseVoice(text, 'pt-BR-YaraNeural', { voiceKey: '', voiceRegion: '' })).toEqual({
      ...text,
      voice: 'pt-BR-YaraNeural',
    });
  });

  it('keeps what was typed when one voice is swapped for another', () => {
    expect(chooseVoice(form, 'pt-BR-YaraNeural', saved)).toEqual({ ...form, voice: 'pt-BR-YaraNeural' });
  });
});
