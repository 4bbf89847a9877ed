import { Logger } from '@nestjs/common';
import { DEFAULT_CONNECTION_CONFIG, fetchLatestWaWebVersion, type WAVersion } from '@whiskeysockets/baileys';

/** How long the start-up look-up of WhatsApp Web's current version may take before it is given up. */
export const WA_VERSION_LOOKUP_MS = 5_000;

/** Asks WhatsApp Web its current version; null when it did not say. `signal` aborts it at the time bound. */
export type WaVersionLookup = (signal: AbortSignal) => Promise<WAVersion | null>;

/**
 * Baileys' own look-up: the client revision in web.whatsapp.com's service worker, a fixed host of
 * WhatsApp's (not a URL anyone gives us, so it needs none of OutboundHttp's address checks).
 */
export const lookupWaWebVersion: WaVersionLookup = async (signal) => {
  const answer = await fetchLatestWaWebVersion({ signal });
  if (!answer.isLatest) throw new Error(String((answer.error as Error | undefined)?.message ?? answer.error));
  return answer.version;
};

export interface ResolvedWaVersion {
  version: WAVersion;
  /** `configured` (WA_WEB_VERSION), `current` (looked up now) or `bundled` (the one Baileys ships with). */
  source: 'configured' | 'current' | 'bundled';
}

/**
 * The WhatsApp Web version the sockets announce. WhatsApp refuses clients older than its minimum,
 * which moves faster than Baileys releases: WA_WEB_VERSION wins; else the current version if the
 * look-up answers within `timeoutMs`; else Baileys' bundled one. Never fails and never takes longer
 * than the bound, even if `lookup` ignores its signal.
 */
export async function resolveWaVersion(
  configured: WAVersion | null,
  lookup: WaVersionLookup,
  timeoutMs = WA_VERSION_LOOKUP_MS,
  bundled: WAVersion = DEFAULT_CONNECTION_CONFIG.version,
): Promise<ResolvedWaVersion> {
  const log = new Logger('WhatsApp version');
  if (configured) {
    log.log(`using WA_WEB_VERSION ${configured.join('.')}`);
    return { version: configured, source: 'configured' };
  }
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const version = await Promise.race([lookup(controller.signal), timeout]);
    if (isVersion(version)) {
      log.log(`using WhatsApp Web's current version ${version.join('.')}`);
      return { version, source: 'current' };
    }
    log.warn(`the look-up of WhatsApp Web's version gave none; using Baileys' ${bundled.join('.')}`);
  } catch (error) {
    log.warn(
      `could not look WhatsApp Web's version up (${(error as Error).message}); using Baileys' ${bundled.join('.')}`,
    );
  } finally {
    clearTimeout(timer);
  }
  return { version: bundled, source: 'bundled' };
}

function isVersion(value: unknown): value is WAVersion {
  return Array.isArray(value) && value.length === 3 && value.every((n) => Number.isSafeInteger(n) && n >= 0);
}
