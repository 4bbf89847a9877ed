import { generatePixPayload } from '@brazilian-utils/brazilian-utils';

export interface BrCodeInput {
  /** The receiver's Pix key (e-mail, phone, CPF/CNPJ or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** In reais, at most two decimals. */
  amount: number;
  /** 1 to 25 letters and digits: how the payment is matched to the charge. */
  txid: string;
}

/**
 * The Pix "copia e cola" payload (EMV BR Code of the Central Bank's manual) that the QR code
 * carries. Built by @brazilian-utils: it folds names to ASCII, truncates them to the field sizes
 * and computes the CRC16; it answers null for anything the format cannot carry, which is a
 * programming error here (the inputs come from configuration and our own ids).
 */
export function buildBrCode(input: BrCodeInput): string {
  const payload = generatePixPayload({
    key: input.key,
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    amount: input.amount,
    txid: input.txid,
  });
  if (!payload) throw new Error(`cannot build a Pix BR Code for key ${input.key}, txid ${input.txid}`);
  return payload;
}

const TXID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A txid: a readable prefix with the invoice id, then random letters and digits, 25 at most. */
export function newTxid(invoiceId: number, random: (n: number) => Uint8Array): string {
  const prefix = `ATD${invoiceId}`;
  const bytes = random(25 - prefix.length);
  return prefix + Array.from(bytes, (b) => TXID_ALPHABET[b % TXID_ALPHABET.length]).join('');
}
