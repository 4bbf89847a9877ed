import { createCipheriv, randomBytes } from 'node:crypto';
import { deriveSecretsKey, SecretBox, secretsKeyId } from './secret-box.js';

/** A value as the version before key ids sealed it: `v1.<iv>.<tag>.<ciphertext>`. */
function sealV1(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url'))].join('.');
}

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals a secret so that it reads back only under its own key and context', () => {
    const sealed = box.seal('sk-live-1234567890', 'prompt:7:apiKey');
    expect(sealed).not.toContain('sk-live');
    expect(sealed.startsWith(`v2.${box.keyId}.`)).toBe(true);
    expect(box.open(sealed, 'prompt:7:apiKey')).toBe('sk-live-1234567890');
    expect(() => box.open(sealed, 'prompt:8:apiKey')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'prompt:7:apiKey')).toThrow(
      `sealed under key ${box.keyId}, which is not configured`,
    );
  });

  it('gives a new ciphertext each time and keeps empty as empty', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
    expect(box.seal('', 'c')).toBe('');
    expect(box.open('', 'c')).toBe('');
  });

  it('refuses what it did not seal', () => {
    expect(() => box.open('plain-text-key', 'c')).toThrow('not a sealed secret');
    expect(SecretBox.isSealed('{"noiseKey":1}')).toBe(false);
    expect(SecretBox.isSealed(box.seal('x', 'c'))).toBe(true);
  });

  it('names a key by an id that is stable, distinct per key and not the key', () => {
    const key = deriveSecretsKey('a'.repeat(32));
    expect(secretsKeyId(key)).toBe(secretsKeyId(deriveSecretsKey('a'.repeat(32))));
    expect(secretsKeyId(key)).not.toBe(secretsKeyId(deriveSecretsKey('b'.repeat(32))));
    expect(secretsKeyId(key)).toMatch(/^[\w-]{8}$/);
    expect(new SecretBox(key).keyId).toBe(secretsKeyId(key));
  });

  it('rotates: old values open under a previous key, new ones are sealed under the current one', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = new SecretBox(oldKey);
    const sealedOld = before.seal('old secret', 'ctx');
    const after = new SecretBox(newKey, [oldKey]);
    expect(after.keyIds).toEqual([secretsKeyId(newKey), secretsKeyId(oldKey)]);
    expect(after.open(sealedOld, 'ctx')).toBe('old secret');
    const sealedNew = after.seal('new secret', 'ctx');
    expect(sealedNew.startsWith(`v2.${secretsKeyId(newKey)}.`)).toBe(true);
    // The old installation cannot read what the new key sealed.
    expect(() => before.open(sealedNew, 'ctx')).toThrow('not configured');
  });

  it('reseals only what is stale, and the result opens without the old key', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const rotating = new SecretBox(newKey, [oldKey]);
    const stale = new SecretBox(oldKey).seal('api key', 'ctx');
    expect(rotating.isStale(stale)).toBe(true);
    const resealed = rotating.reseal(stale, 'ctx');
    expect(rotating.isStale(resealed)).toBe(false);
    expect(rotating.reseal(resealed, 'ctx')).toBe(resealed);
    expect(new SecretBox(newKey).open(resealed, 'ctx')).toBe('api key');
    expect(rotating.isStale('')).toBe(false);
  });

  it('opens values sealed before key ids under whichever configured key sealed them', () => {
    const oldKey = randomBytes(32);
    const legacy = sealV1(oldKey, 'legacy secret', 'ctx');
    const box2 = new SecretBox(randomBytes(32), [randomBytes(32), oldKey]);
    expect(box2.open(legacy, 'ctx')).toBe('legacy secret');
    expect(box2.isStale(legacy)).toBe(true);
    expect(() => new SecretBox(randomBytes(32)).open(legacy, 'ctx')).toThrow('not configured');
    expect(() => box2.open(legacy, 'other')).toThrow();
  });
});
