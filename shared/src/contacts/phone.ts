// The "min" metadata keeps the renderer bundle small: it validates numbers by length and leading
// digits, which is all this module asks of it (no number types, no example numbers).
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/min';

export type { CountryCode } from 'libphonenumber-js/min';

const BRAZIL = '55';

/**
 * Brazilian mobiles got a ninth digit (a leading 9) between 2012 and 2016; people and old
 * spreadsheets still write the 8-digit form and WhatsApp keeps the 8-digit form in the ids of many
 * accounts registered before the change. A national number of area code + 8 digits whose first
 * subscriber digit is 6 to 9 was a mobile in the old plan (landlines start with 2 to 5).
 */
const OLD_BRAZILIAN_MOBILE = /^([1-9][1-9])([6-9]\d{7})$/;
const NEW_BRAZILIAN_MOBILE = /^([1-9][1-9])9([6-9]\d{7})$/;
/**
 * What a Brazilian person's number looks like: area code, then 8 digits of a landline or old mobile
 * or 9 digits of a mobile. Stricter than the "min" metadata, which accepts any 11 digits after a
 * valid area code: without this, the digits of a foreign number written without '+'
 * (`14155552671`, a US number) would read as a Brazilian one, and a stored number would not read
 * back as itself.
 */
const BRAZILIAN_PERSON = /^[1-9][1-9](?:9\d{8}|[2-9]\d{7})$/;

function plausible(number: PhoneNumber | undefined): number is PhoneNumber {
  if (!number?.isValid()) return false;
  return String(number.countryCallingCode) !== BRAZIL || BRAZILIAN_PERSON.test(String(number.nationalNumber));
}

/** The first reading that is plausible, each read only when the ones before it were not. */
function firstValid(readings: (() => PhoneNumber | undefined)[]): PhoneNumber | undefined {
  for (const read of readings) {
    const number = read();
    if (plausible(number)) return number;
  }
  return undefined;
}

/**
 * The one canonical form of a person's number: digits only, country code first, no '+'. `null`
 * when the text is not a number libphonenumber recognises for its country (too short, too long,
 * leading digits no plan issues, or not a number at all).
 *
 * - With a '+' (or an international dialling prefix) the text names its country.
 * - Without one it is first read as a number of `defaultCountry` (national form, with or without
 *   trunk 0 and carrier code); if that is not valid, as an international number whose digits start
 *   with the country code — the form WhatsApp ids and the old clients use (`5511987654321`).
 * - A Brazilian mobile is always stored in its 9-digit form (55 11 98765-4321, as numbers are
 *   issued today), whichever form was written. Landlines and other countries keep their digits.
 *
 * WhatsApp group ids (`120363…`) are not phone numbers and answer `null`: callers keep a group's id
 * as it is (see `contactNumberOf`).
 */
export function normalizePhoneNumber(raw: string, defaultCountry: CountryCode = 'BR'): string | null {
  const text = raw.trim();
  if (!/\d/.test(text) || text.length > 64) return null;
  const digits = text.replace(/\D/g, '');
  // '+' names the country; '00' is the dialling prefix of most countries (Brazil's adds a carrier
  // code, which libphonenumber reads in the first candidate).
  const asWritten = () => parsePhoneNumberFromString(text, defaultCountry);
  const parsed = text.startsWith('+')
    ? firstValid([asWritten])
    : firstValid([asWritten, () => parsePhoneNumberFromString(`+${digits.replace(/^00/, '')}`)]);
  if (!parsed) return null;
  const callingCode = String(parsed.countryCallingCode);
  const national = String(parsed.nationalNumber);
  if (callingCode === BRAZIL) {
    const old = OLD_BRAZILIAN_MOBILE.exec(national);
    if (old) return `${BRAZIL}${old[1]}9${old[2]}`;
  }
  return `${callingCode}${national}`;
}

/**
 * The forms under which WhatsApp may know a canonical number: for a Brazilian mobile both the
 * 9-digit form and the old 8-digit one (the id of an account registered before the change); for
 * any other number just itself. Used to find the contact a message belongs to, whichever form the
 * message came with.
 */
export function phoneNumberForms(canonical: string): string[] {
  if (canonical.startsWith(BRAZIL)) {
    const national = canonical.slice(BRAZIL.length);
    const current = NEW_BRAZILIAN_MOBILE.exec(national);
    if (current) return [canonical, `${BRAZIL}${current[1]}${current[2]}`];
    const old = OLD_BRAZILIAN_MOBILE.exec(national);
    if (old) return [`${BRAZIL}${old[1]}9${old[2]}`, canonical];
  }
  return [canonical];
}

/**
 * The number a contact is stored under: a group keeps its WhatsApp id untouched, a person's number
 * is normalised (`null` when it is not a number).
 */
export function contactNumberOf(raw: string, isGroup: boolean, defaultCountry: CountryCode = 'BR'): string | null {
  if (isGroup) {
    const id = raw.trim();
    return /^[\d-]+$/.test(id) ? id : null;
  }
  return normalizePhoneNumber(raw, defaultCountry);
}

/** A stored number as people read it (`+55 11 98765 4321`); anything else (a group id) unchanged. */
export function formatPhoneNumber(stored: string): string {
  if (!/^\d+$/.test(stored)) return stored;
  const parsed = parsePhoneNumberFromString(`+${stored}`);
  return parsed?.isValid() ? parsed.formatInternational() : stored;
}
