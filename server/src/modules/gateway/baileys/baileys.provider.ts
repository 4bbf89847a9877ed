import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { downloadMediaMessage, makeWASocket } from '@whiskeysockets/baileys';
import { DataSource } from 'typeorm';
import { SecretBox } from '../../../common/secret-box.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import type { ProviderSession, SessionListener, SessionTarget, WhatsappProvider } from '../provider.js';
import { BaileysSession, type BaileysRuntime } from './baileys.session.js';
import { useDatabaseAuthState } from './database-auth-state.js';
import { assertWhatsappMediaUrl } from './media-host.js';
import { DEFAULT_RECONNECT_POLICY } from './reconnect-policy.js';
import { lookupWaWebVersion, resolveWaVersion, type ResolvedWaVersion } from './wa-version.js';

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
  lookupWaVersion: lookupWaWebVersion,
};

/** WhatsApp through Baileys (connection provider "beta"), with its auth state in the database. */
@Injectable()
export class BaileysProvider implements WhatsappProvider {
  readonly kind = 'beta' as const;
  private readonly runtime: BaileysRuntime;
  /** Looked up once per process, by the first session to start, and shared by all of them. */
  private waVersion?: Promise<ResolvedWaVersion>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SecretBox) private readonly box: SecretBox,
    @Optional() @Inject(BAILEYS_RUNTIME) runtime?: Partial<BaileysRuntime>,
    @Optional() @Inject(APP_CONFIG) private readonly config?: Pick<AppConfig, 'waWebVersion'>,
  ) {
    this.runtime = { ...DEFAULT_BAILEYS_RUNTIME, ...runtime };
  }

  /**
   * Loads the connection's auth state and opens its socket. It resolves at once: the listener hears
   * OPENING, then QR codes or `connected`, and the session reconnects by itself until stopped.
   */
  async start(target: SessionTarget, listener: SessionListener): Promise<ProviderSession> {
    this.waVersion ??= resolveWaVersion(this.config?.waWebVersion ?? null, this.runtime.lookupWaVersion);
    const { version } = await this.waVersion;
    const auth = await useDatabaseAuthState(this.db, this.box, target.whatsappId);
    const session = new BaileysSession(target, listener, auth, this.runtime, version);
    session.open();
    return session;
  }
}
