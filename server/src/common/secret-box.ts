import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** Sealed before keys had ids: `v1.<iv>.<tag>.<ciphertext>`, opened by trying every known key. */
const V1 = 'v1';
/** `v2.<keyId>.<iv>.<tag>.<ciphertext>`: the key that sealed it is named, so keys can be rotated. */
const V2 = 'v2';

/** The 32-byte key a configured secret (SECRETS_KEY, or JWT_SECRET without one) stands for. */
export function deriveSecretsKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', 'atendo secrets at rest', 32));
}

/**
 * A key's public name: 8 characters of an HMAC under the key itself, so it names the key in every
 * sealed value and in backups' manifests without telling anything about it.
 */
export function secretsKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('atendo secrets key id').digest().subarray(0, 6).toString('base64url');
}

/**
 * The companies' secrets at rest (AI keys, integration credentials, WhatsApp session credentials):
 * AES-256-GCM, a fresh IV per value, stored as `v2.<keyId>.<iv>.<tag>.<ciphertext>` in base64url.
 * The tag binds each value to its row and column (`context`), so a ciphertext copied into another
 * company's row does not decrypt there.
 *
 * New values are sealed under the current key; values sealed under a previous key (SECRETS_KEY
 * rotated, the old one kept in SECRETS_KEY_PREVIOUS) still open, until `npm run reseal` has
 * sealed them again under the current one.
 */
export class SecretBox {
  readonly keyId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(
    private readonly key: Buffer,
    previous: Buffer[] = [],
  ) {
    this.keyId = secretsKeyId(key);
    for (const k of [key, ...previous]) if (!this.keys.has(secretsKeyId(k))) this.keys.set(secretsKeyId(k), k);
  }

  /** The ids of every key this box opens with, the current one first. */
  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  /** Whether `value` looks sealed (any version); JSON and other plain text never start this way. */
  static isSealed(value: string): boolean {
    return /^v\d+\./.test(value);
  }

  seal(plain: string, context: string): string {
    if (!plain) return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [V2, this.keyId, ...[iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url'))].join('.');
  }

  /** The plain secret; throws on a value sealed under a key it does not hold, or another context. */
  open(sealed: string, context: string): string {
    if (!sealed) return '';
    const parts = sealed.split('.');
    if (parts[0] === V2 && parts.length === 5) {
      const key = this.keys.get(parts[1]);
      if (!key) {
        throw new Error(
          `sealed under key ${parts[1]}, which is not configured (SECRETS_KEY is ${this.keyId}; ` +
            'add the old key to SECRETS_KEY_PREVIOUS)',
        );
      }
      return decrypt(key, parts.slice(2), context);
    }
    if (parts[0] === V1 && parts.length === 4) {
      // Which key sealed it is not written down: the first whose tag verifies is the one.
      for (const key of this.keys.values()) {
        try {
          return decrypt(key, parts.slice(1), context);
        } catch {
          // not this key
        }
      }
      throw new Error('sealed under a key that is not configured (SECRETS_KEY, SECRETS_KEY_PREVIOUS)');
    }
    throw new Error('not a sealed secret');
  }

  /** Whether `sealed` is a value `reseal` would change: sealed before key ids, or under an older key. */
  isStale(sealed: string): boolean {
    return !!sealed && !sealed.startsWith(`${V2}.${this.keyId}.`);
  }

  /** The same secret sealed under the current key (`sealed` itself when it already is). */
  reseal(sealed: string, context: string): string {
    return this.isStale(sealed) ? this.seal(this.open(sealed, context), context) : sealed;
  }
}

function decrypt(key: Buffer, [iv, tag, data]: string[], context: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
