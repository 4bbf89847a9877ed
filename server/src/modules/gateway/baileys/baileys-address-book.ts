import type { Contact } from '@whiskeysockets/baileys';
import type { AddressBookEntry } from '../gateway.types.js';
import { isLidJid, isPhoneJid, jidUser } from './baileys-peers.js';

/** People kept per session; the first learned are forgotten first past it. */
const MAX_PEOPLE = 50_000;

/**
 * The connection's address book as Baileys reveals it: the contacts the phone syncs (app state and
 * history sync, `contacts.upsert`) and later changes (`contacts.update`, which may carry a single
 * field). Baileys keeps no store of its own, so the session keeps this one, by phone number.
 * Entries known only by a LID (no phone number yet) and anything that is not a person (groups,
 * broadcast lists, newsletters) are left out: a contact is stored under a phone number.
 */
export class AddressBook {
  private readonly people = new Map<string, { saved: string; pushed: string }>();

  constructor(private readonly pnOfLid: (lid: string) => string | undefined) {}

  learn(contact: Partial<Contact>): void {
    const number = this.numberOf(contact);
    if (!number) return;
    const known = this.people.get(number);
    if (!known && this.people.size >= MAX_PEOPLE) this.people.delete(this.people.keys().next().value!);
    this.people.set(number, {
      saved: contact.name?.trim() || known?.saved || '',
      pushed: contact.notify?.trim() || contact.verifiedName?.trim() || known?.pushed || '',
    });
  }

  /** The name the phone saved wins over the one the person chose for themselves. */
  entries(): AddressBookEntry[] {
    return [...this.people].map(([number, { saved, pushed }]) => ({ number, name: saved || pushed }));
  }

  private numberOf(contact: Partial<Contact>): string | undefined {
    if (isPhoneJid(contact.id)) return jidUser(contact.id);
    if (isPhoneJid(contact.phoneNumber)) return jidUser(contact.phoneNumber);
    const lid = [contact.lid, contact.id].find(isLidJid);
    return lid ? this.pnOfLid(jidUser(lid)!) : undefined;
  }
}
