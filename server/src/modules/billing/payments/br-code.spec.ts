import { randomBytes } from 'node:crypto';
import { buildBrCode, newTxid } from './br-code.js';

/**
 * An independent reading of the EMV BR Code, written here from the Central Bank's manual rather
 * than taken from the library that builds it: ID (2 digits), length (2 digits), value; templates
 * nest the same way; the last object is the CRC16/CCITT-FALSE of everything before its value.
 */
type Tlv = Map<string, string>;

function parseTlv(text: string): Tlv {
  const fields: Tlv = new Map();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > text.length) {
      throw new Error(`bad TLV at ${at}: ${text.slice(at)}`);
    }
    if (fields.has(id)) throw new Error(`repeated field ${id}`);
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function decode(payload: string) {
  const fields = parseTlv(payload);
  const crcField = payload.slice(-8);
  expect(crcField.slice(0, 4)).toBe('6304');
  expect(fields.get('63')).toBe(crc16CcittFalse(payload.slice(0, -4)));
  const account = parseTlv(fields.get('26')!);
  const additional = parseTlv(fields.get('62')!);
  return { fields, account, additional };
}

describe('CRC16/CCITT-FALSE of the test decoder', () => {
  it('gives the standard check value and the Central Bank manual example checksum', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    const manualExample =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16CcittFalse(manualExample)).toBe('1D3D');
  });
});

describe('Pix BR Code', () => {
  const input = {
    key: 'financeiro@atendo.example',
    merchantName: 'Atendo Tecnologia Ltda',
    merchantCity: 'São Paulo',
    amount: 149.9,
    txid: 'ATD42abcDEF123',
  };

  it('carries every object of a static Pix charge with a valid checksum', () => {
    const payload = buildBrCode(input);
    const { fields, account, additional } = decode(payload);
    expect([...fields.keys()]).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('00')).toBe('01'); // payload format indicator
    expect(account.get('00')).toBe('br.gov.bcb.pix'); // GUI
    expect(account.get('01')).toBe('financeiro@atendo.example'); // the key
    expect(fields.get('52')).toBe('0000'); // merchant category code
    expect(fields.get('53')).toBe('986'); // BRL
    expect(fields.get('54')).toBe('149.90');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('59')).toBe('Atendo Tecnologia Ltda');
    expect(fields.get('60')).toBe('Sao Paulo'); // folded to ASCII
    expect(additional.get('05')).toBe('ATD42abcDEF123');
  });

  it('truncates the merchant to the sizes the format allows and keeps the checksum right', () => {
    const payload = buildBrCode({
      ...input,
      merchantName: 'Uma Empresa De Nome Muito Comprido Demais',
      merchantCity: 'Vila Bela da Santíssima Trindade',
      amount: 0.01,
    });
    const { fields } = decode(payload);
    expect(fields.get('59')!.length).toBeLessThanOrEqual(25);
    expect(fields.get('60')!.length).toBeLessThanOrEqual(15);
    expect(fields.get('54')).toBe('0.01');
  });

  it('detects a tampered payload through the checksum', () => {
    const payload = buildBrCode(input).replace('149.90', '149.00');
    expect(parseTlv(payload).get('63')).not.toBe(crc16CcittFalse(payload.slice(0, -4)));
  });

  it('refuses what the format cannot carry', () => {
    expect(() => buildBrCode({ ...input, txid: 'with spaces' })).toThrow(/txid/);
    expect(() => buildBrCode({ ...input, amount: 0 })).toThrow();
    expect(() => buildBrCode({ ...input, key: 'not a key' })).toThrow();
  });

  it('makes txids of letters and digits, 25 at most, that start with the invoice id', () => {
    for (const id of [1, 42, 1234567890]) {
      const txid = newTxid(id, randomBytes);
      expect(txid).toMatch(/^[A-Za-z0-9]{1,25}$/);
      expect(txid).toHaveLength(25);
      expect(txid.startsWith(`ATD${id}`)).toBe(true);
    }
    expect(newTxid(7, randomBytes)).not.toBe(newTxid(7, randomBytes));
  });
});
