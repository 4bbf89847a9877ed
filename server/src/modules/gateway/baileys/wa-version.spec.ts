import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { WAVersion } from '@whiskeysockets/baileys';
import { resolveWaVersion } from './wa-version.js';
import { parseWaVersion } from './wa-version-text.js';

const BUNDLED: WAVersion = [2, 3000, 1];
const CURRENT: WAVersion = [2, 3000, 1023223821];

describe('the WhatsApp Web version announced', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));

  it('is WA_WEB_VERSION when set, without any look-up', async () => {
    const lookup = jest.fn(async () => CURRENT);
    expect(await resolveWaVersion([2, 3000, 7], lookup, 1000, BUNDLED)).toEqual({
      version: [2, 3000, 7],
      source: 'configured',
    });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('is the looked-up version when the look-up answers in time', async () => {
    expect(await resolveWaVersion(null, async () => CURRENT, 1000, BUNDLED)).toEqual({
      version: CURRENT,
      source: 'current',
    });
  });

  it("falls back to Baileys' bundled version when the look-up fails or gives nothing usable", async () => {
    const failing = async (): Promise<WAVersion> => {
      throw new Error('getaddrinfo ENOTFOUND web.whatsapp.com');
    };
    expect(await resolveWaVersion(null, failing, 1000, BUNDLED)).toEqual({ version: BUNDLED, source: 'bundled' });
    expect(await resolveWaVersion(null, async () => null, 1000, BUNDLED)).toEqual({
      version: BUNDLED,
      source: 'bundled',
    });
    const garbage = async () => [2, -1, NaN] as unknown as WAVersion;
    expect(await resolveWaVersion(null, garbage, 1000, BUNDLED)).toEqual({ version: BUNDLED, source: 'bundled' });
  });

  it('gives up on a look-up that hangs at the time bound, aborting it', async () => {
    let signal: AbortSignal | undefined;
    const hanging = (given: AbortSignal) => {
      signal = given;
      return new Promise<WAVersion>(() => undefined);
    };
    const started = Date.now();
    expect(await resolveWaVersion(null, hanging, 100, BUNDLED)).toEqual({ version: BUNDLED, source: 'bundled' });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(90);
    expect(took).toBeLessThan(1000);
    expect(signal?.aborted).toBe(true);
  });
});

describe('WA_WEB_VERSION', () => {
  it('reads three dot-separated numbers and nothing else', () => {
    expect(parseWaVersion('2.3000.1023223821')).toEqual([2, 3000, 1023223821]);
    for (const bad of ['2.3000', '2.3000.x', 'v2.3000.1', '2.3000.1.4', '']) expect(parseWaVersion(bad)).toBeNull();
  });
});
