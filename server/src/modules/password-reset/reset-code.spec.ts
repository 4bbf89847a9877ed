import { displayResetCode, hashResetCode, newResetCode, normalizeResetCode, sameHash } from './reset-code.js';

describe('password-reset codes', () => {
  it('are 8 unambiguous characters, different every time', () => {
    const codes = new Set(Array.from({ length: 500 }, newResetCode));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  });

  it('are accepted as shown, in lower case or with spaces', () => {
    const code = 'K7QXM2PA';
    expect(displayResetCode(code)).toBe('K7QX-M2PA');
    for (const typed of ['K7QX-M2PA', 'k7qx m2pa', ' k7qxm2pa ']) {
      expect(normalizeResetCode(typed)).toBe(code);
      expect(sameHash(hashResetCode('key', 3, typed), hashResetCode('key', 3, code))).toBe(true);
    }
  });

  it('hash differently for another user, another key or another code', () => {
    const base = hashResetCode('key', 3, 'K7QXM2PA');
    expect(sameHash(base, hashResetCode('key', 4, 'K7QXM2PA'))).toBe(false);
    expect(sameHash(base, hashResetCode('other', 3, 'K7QXM2PA'))).toBe(false);
    expect(sameHash(base, hashResetCode('key', 3, 'K7QXM2PB'))).toBe(false);
    expect(sameHash(base, 'abcd')).toBe(false);
  });
});
