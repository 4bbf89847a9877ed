import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** No 0/O, 1/I/L: a code read from a phone and typed on a computer survives the trip. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** 8 characters of 31: about 8.5 × 10^11 codes, against at most 5 tries per code. */
export function newResetCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** As shown in the e-mail: two groups of four. */
export function displayResetCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What the user typed, as the code was issued: case, spaces and the dash do not matter. */
export function normalizeResetCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** Keyed and bound to the user, so a code hash is useless for another account or without the key. */
export function hashResetCode(secret: string, userId: number, code: string): string {
  return createHmac('sha256', secret)
    .update(`password-reset:${userId}:${normalizeResetCode(code)}`)
    .digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
