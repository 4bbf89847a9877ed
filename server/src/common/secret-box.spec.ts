import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals a secret so that it reads back only under its own key and context', () => {
    const sealed = box.seal('sk-live-1234567890', 'prompt:7:apiKey');
    expect(sealed).not.toContain('sk-live');
    expect(sealed).toMatch(/^v1\./);
    expect(box.open(sealed, 'prompt:7:apiKey')).toBe('sk-live-1234567890');
    expect(() => box.open(sealed, 'prompt:8:apiKey')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'prompt:7:apiKey')).toThrow();
  });

  it('gives a new ciphertext each time and keeps empty as empty', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
    expect(box.seal('', 'c')).toBe('');
    expect(box.open('', 'c')).toBe('');
  });

  it('refuses what it did not seal', () => {
    expect(() => box.open('plain-text-key', 'c')).toThrow('not a sealed secret');
  });
});
