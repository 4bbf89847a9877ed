import { contactNumberOf, formatPhoneNumber, normalizePhoneNumber, phoneNumberForms } from '../index.js';

describe('normalizePhoneNumber', () => {
  it.each([
    ['5511987654321', 'stored form'],
    ['+55 11 98765-4321', 'international with spaces and dash'],
    ['+55 (11) 98765-4321', 'parentheses'],
    ['(11) 98765-4321', 'national, read as Brazil'],
    ['11987654321', 'national digits'],
    ['011 98765-4321', 'trunk 0'],
    ['0 21 11 98765-4321', 'trunk 0 and carrier code 21'],
    ['+55 11 8765-4321', 'old 8-digit mobile with +55'],
    ['551187654321', 'old 8-digit mobile as WhatsApp ids write it'],
    ['(11) 8765-4321', 'old 8-digit mobile, national'],
    ['55.11.98765.4321', 'dots'],
  ])('reads %s (%s) as the 9-digit Brazilian mobile', (raw) => {
    expect(normalizePhoneNumber(raw)).toBe('5511987654321');
  });

  it('adds the ninth digit to every old mobile range (6 to 9) and to no landline', () => {
    expect(normalizePhoneNumber('552167654321')).toBe('5521967654321');
    expect(normalizePhoneNumber('+55 61 7765-4321')).toBe('5561977654321');
    expect(normalizePhoneNumber('+55 11 9765-4321')).toBe('5511997654321');
    expect(normalizePhoneNumber('+55 11 3333-4444')).toBe('551133334444');
    expect(normalizePhoneNumber('(21) 2555-1234')).toBe('552125551234');
    expect(normalizePhoneNumber('+55 51 5765-4321')).toBe('555157654321');
  });

  it('keeps other countries as they are, only dropping the formatting', () => {
    expect(normalizePhoneNumber('+1 (415) 555-2671')).toBe('14155552671');
    expect(normalizePhoneNumber('+351 912 345 678')).toBe('351912345678');
    expect(normalizePhoneNumber('351912345678')).toBe('351912345678');
    expect(normalizePhoneNumber('+54 9 11 1234-5678')).toBe('5491112345678');
    expect(normalizePhoneNumber('5491112345678')).toBe('5491112345678');
    expect(normalizePhoneNumber('00 351 912 345 678')).toBe('351912345678');
  });

  it('reads a number without country code as a number of the default country', () => {
    expect(normalizePhoneNumber('(415) 555-2671', 'US')).toBe('14155552671');
    expect(normalizePhoneNumber('912 345 678', 'PT')).toBe('351912345678');
    expect(normalizePhoneNumber('21 2555-1234')).toBe('552125551234');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['abc', 'no digits'],
    ['call me', 'words'],
    ['123', 'too short'],
    ['8765-4321', 'Brazilian number without area code'],
    ['+55 11 98765-43210', 'one digit too many'],
    ['+55 00 98765-4321', 'no such area code'],
    ['120363025246125486', 'a group id'],
    ['9'.repeat(200), 'absurdly long'],
  ])('answers null for %j (%s)', (raw) => {
    expect(normalizePhoneNumber(raw)).toBeNull();
  });

  it('reads the digits of a foreign number written without + by their country code', () => {
    expect(normalizePhoneNumber('14155552671')).toBe('14155552671');
    expect(normalizePhoneNumber('447911123456')).toBe('447911123456');
  });

  it('refuses Brazilian numbers no person has (toll-free, 11 digits not starting with 9)', () => {
    expect(normalizePhoneNumber('0800 123 4567')).toBeNull();
    expect(normalizePhoneNumber('+55 14 15555-2671')).toBeNull();
  });

  it('is idempotent on its own output', () => {
    const samples = ['+55 11 8765-4321', '+1 415 555 2671', '(21) 2555-1234', '+54 9 11 1234-5678', '+44 7911 123456'];
    for (const raw of samples) {
      const once = normalizePhoneNumber(raw)!;
      expect(normalizePhoneNumber(once)).toBe(once);
    }
  });
});

describe('phoneNumberForms', () => {
  it('gives both forms of a Brazilian mobile, canonical first', () => {
    expect(phoneNumberForms('5511987654321')).toEqual(['5511987654321', '551187654321']);
    expect(phoneNumberForms('551187654321')).toEqual(['5511987654321', '551187654321']);
  });

  it('gives only the number itself for landlines, other countries and groups', () => {
    expect(phoneNumberForms('551133334444')).toEqual(['551133334444']);
    expect(phoneNumberForms('14155552671')).toEqual(['14155552671']);
    expect(phoneNumberForms('120363025246125486')).toEqual(['120363025246125486']);
  });
});

describe('contactNumberOf', () => {
  it('keeps a group id untouched and normalises a person', () => {
    expect(contactNumberOf('120363025246125486', true)).toBe('120363025246125486');
    expect(contactNumberOf('5511987654321-1601234567', true)).toBe('5511987654321-1601234567');
    expect(contactNumberOf('+55 11 8765-4321', false)).toBe('5511987654321');
    expect(contactNumberOf('group name', true)).toBeNull();
  });
});

describe('formatPhoneNumber', () => {
  it('formats a stored number for reading and leaves group ids alone', () => {
    expect(formatPhoneNumber('5511987654321')).toBe('+55 11 98765 4321');
    expect(formatPhoneNumber('14155552671')).toBe('+1 415 555 2671');
    expect(formatPhoneNumber('120363025246125486')).toBe('120363025246125486');
  });
});
