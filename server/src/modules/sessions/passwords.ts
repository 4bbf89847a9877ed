import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's baseline for password storage.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A fixed hash to verify against when the e-mail is unknown, so a missing account takes as long
 * to refuse as a wrong password and sign-in cannot be used to discover addresses.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hash('decoy-password-for-timing');
  return decoy;
}

/** Letters and digits that cannot be misread for one another when copied by hand (no 0/O, 1/l/I). */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A password made for someone who will be told it once: 16 readable characters, over 90 bits. */
export function generatedPassword(): string {
  return Array.from(randomBytes(16), (byte) => READABLE[byte % READABLE.length]).join('');
}
