import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { downloadMediaMessage, makeWASocket } from '@whiskeysockets/baileys';
import { DataSource } from 'typeorm';
import { SecretBox } from '../../../common/secret-box.js';
import type { ProviderSession, SessionListener, SessionTarget, WhatsappProvider } from '../provider.js';
import { BaileysSession, type BaileysRuntime } from './baileys.session.js';
import { useDatabaseAuthState } from './database-auth-state.js';
import { assertWhatsappMediaUrl } from './media-host.js';
import { DEFAULT_RECONNECT_POLICY } from './reconnect-policy.js';

/** Optional `Partial<BaileysRuntime>`: replaces the socket factory, media download, clock or policy (tests). */
export const BAILEYS_RUNTIME = Symbol('BAILEYS_RUNTIME');

const DAY_MS = 24 * 60 * 60 * 1000;

export const DEFAULT_BAILEYS_RUNTIME: BaileysRuntime = {
  makeSocket: (config) => makeWASocket(config),
  downloadMedia: async (message, reupload, logger) => {
    assertWhatsappMediaUrl(message);
    return downloadMediaMessage(message, 'buffer', {}, { reuploadRequest: reupload, logger });
  },
  policy: DEFAULT_RECONNECT_POLICY,
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
  random: Math.random,
  now: Date.now,
  historyMaxAgeMs: 7 * DAY_MS,
};

/** WhatsApp through Baileys (connection provider "beta"), with its auth state in the database. */
@Injectable()
export class BaileysProvider implements WhatsappProvider {
  readonly kind = 'beta' as const;
  private readonly runtime: BaileysRuntime;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SecretBox) private readonly box: SecretBox,
    @Optional() @Inject(BAILEYS_RUNTIME) runtime?: Partial<BaileysRuntime>,
  ) {
    this.runtime = { ...DEFAULT_BAILEYS_RUNTIME, ...runtime };
  }

  /**
   * Loads the connection's auth state and opens its socket. It resolves at once: the listener hears
   * OPENING, then QR codes or `connected`, and the session reconnects by itself until stopped.
   */
  async start(target: SessionTarget, listener: SessionListener): Promise<ProviderSession> {
    const auth = await useDatabaseAuthState(this.db, this.box, target.whatsappId);
    const session = new BaileysSession(target, listener, auth, this.runtime);
    session.open();
    return session;
  }
}
