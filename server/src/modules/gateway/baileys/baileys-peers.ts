import { jidDecode } from '@whiskeysockets/baileys';
import type { PeerRef } from '../gateway.types.js';

/** The part of Baileys' LID mapping store a session reads (`sock.signalRepository.lidMapping`). */
export interface LidMappingLookup {
  getPNForLID(lid: string): Promise<string | null>;
}

const PHONE_SERVERS = new Set(['s.whatsapp.net', 'c.us', 'hosted']);
const LID_SERVERS = new Set(['lid', 'hosted.lid']);
/** Learned pairs kept per session; the oldest are forgotten first (Baileys' own store keeps them all). */
const MAX_LEARNED = 50_000;

/** The user part of a JID without its device suffix ("5511…:12@s.whatsapp.net" → "5511…"). */
export function jidUser(jid: string | null | undefined): string | undefined {
  return (jid && jidDecode(jid)?.user) || undefined;
}

function jidServer(jid: string | null | undefined): string | undefined {
  return (jid && jidDecode(jid)?.server) || undefined;
}

export const isGroupJid = (jid: string | null | undefined) => jidServer(jid) === 'g.us';
export const isLidJid = (jid: string | null | undefined) => LID_SERVERS.has(jidServer(jid) ?? '');
export const isPhoneJid = (jid: string | null | undefined) => PHONE_SERVERS.has(jidServer(jid) ?? '');

/**
 * The JID to send to. A group's "number" is its id; a person known only by their LID (number and
 * lid equal, see {@link PeerResolver}) is addressed by the LID; everyone else by phone number.
 */
export function peerJid(peer: PeerRef): string {
  if (peer.isGroup) return `${peer.number}@g.us`;
  if (peer.lid && peer.lid === peer.number) return `${peer.lid}@lid`;
  return `${peer.number.replace(/\D/g, '')}@s.whatsapp.net`;
}

/**
 * Turns the JIDs of a message into the phone number the contact is stored under.
 *
 * WhatsApp now addresses many people by a LID (`…@lid`) instead of their phone number, and the
 * same person may arrive one day by LID and the next by number. To keep them one contact the
 * number is always the phone number when it can be known, with the LID alongside:
 * 1. the alternate JID Baileys puts on the message key (`remoteJidAlt` / `participantAlt`, and
 *    `callerPn` on calls), which carries the other form of the sender;
 * 2. pairs learned from `lid-mapping.update`, contacts and history-sync mappings;
 * 3. Baileys' persistent LID mapping store (`signalRepository.lidMapping.getPNForLID`), which reads
 *    the auth-state keys only, never the network.
 * When none knows the phone number, the LID digits stand in as the number (with `lid` set to the
 * same digits), so the pipeline can later re-key that contact when the pair becomes known.
 */
export class PeerResolver {
  private readonly pnByLid = new Map<string, string>();
  private readonly lidByPn = new Map<string, string>();

  constructor(private readonly lookup: () => LidMappingLookup | undefined) {}

  /** Records a LID/phone-number pair; either argument may be the LID, in any JID form. */
  learn(a: string | null | undefined, b: string | null | undefined): void {
    const [lidJid, pnJid] = isLidJid(a) ? [a, b] : [b, a];
    if (!isLidJid(lidJid) || !isPhoneJid(pnJid)) return;
    const lid = jidUser(lidJid)!;
    const pn = jidUser(pnJid)!;
    if (this.pnByLid.size >= MAX_LEARNED) {
      const oldest = this.pnByLid.keys().next().value!;
      this.lidByPn.delete(this.pnByLid.get(oldest)!);
      this.pnByLid.delete(oldest);
    }
    this.pnByLid.set(lid, pn);
    this.lidByPn.set(pn, lid);
  }

  /** The phone number learned for a LID (its digits), if any. */
  phoneOf(lid: string): string | undefined {
    return this.pnByLid.get(lid);
  }

  /** A person's PeerRef from the JID WhatsApp used and, if present, its alternate form. */
  async person(jid: string, alt?: string | null, name?: string | null): Promise<PeerRef> {
    this.learn(jid, alt);
    const user = jidUser(jid) ?? jid;
    const named = name ? { name } : {};
    if (!isLidJid(jid)) {
      const lid = this.lidByPn.get(user);
      return { number: user, ...(lid ? { lid } : {}), ...named, isGroup: false };
    }
    const pn = this.pnByLid.get(user) ?? (await this.storedPn(jid));
    return { number: pn ?? user, lid: user, ...named, isGroup: false };
  }

  private async storedPn(lidJid: string): Promise<string | undefined> {
    try {
      const pnJid = await this.lookup()?.getPNForLID(lidJid);
      if (!pnJid) return undefined;
      this.learn(lidJid, pnJid);
      return jidUser(pnJid);
    } catch {
      // The mapping store is an optimisation: without it the LID stands in as the number.
      return undefined;
    }
  }
}
