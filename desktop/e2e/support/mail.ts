import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';

/**
 * The server runs without SMTP in the browser suite, so each mail it sends is an .eml file in
 * DATA_DIR/outbox; these helpers read them as a person would read their inbox.
 */
const OUTBOX = join(E2E_DATA_DIR, 'outbox');

/** A text mail as read: quoted-printable undone (nodemailer's encoding for non-ASCII text). */
function decoded(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function mailsTo(email: string): string[] {
  let files: string[];
  try {
    files = readdirSync(OUTBOX).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  // The names start with the time they were written, so sorting them sorts the mail.
  return files
    .sort()
    .map((name) => decoded(readFileSync(join(OUTBOX, name), 'utf8')))
    .filter((mail) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi').test(mail));
}

/** Waits for the `nth` mail (1-based) to `email` and answers its text. */
export async function waitForMail(email: string, nth = 1): Promise<string> {
  await expect.poll(() => mailsTo(email).length, { message: `mail ${nth} to ${email}` }).toBeGreaterThanOrEqual(nth);
  return mailsTo(email)[nth - 1];
}

/** The password-reset code in a mail (two groups of four, on a line of its own). */
export function resetCodeIn(mail: string): string {
  const code = /^ {4}([A-Z0-9]{4}-[A-Z0-9]{4})\s*$/m.exec(mail)?.[1];
  if (!code) throw new Error(`No reset code in:\n${mail}`);
  return code;
}
