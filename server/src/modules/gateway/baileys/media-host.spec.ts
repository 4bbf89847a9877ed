import { jest } from '@jest/globals';
import type { WAMessage } from '@whiskeysockets/baileys';
import { DEFAULT_BAILEYS_RUNTIME } from './baileys.provider.js';
import { assertWhatsappMediaUrl } from './media-host.js';

const image = (url?: string): WAMessage =>
  ({
    key: { id: 'M1', remoteJid: '5511@s.whatsapp.net' },
    message: {
      imageMessage: { url, directPath: '/v/t62.7118-24/x.enc', mimetype: 'image/jpeg', mediaKey: new Uint8Array(32) },
    },
  }) as WAMessage;

describe('assertWhatsappMediaUrl', () => {
  it.each([
    'https://mmg.whatsapp.net/v/t62.7118-24/x.enc?ccb=11-4',
    'https://media-gru1-1.cdn.whatsapp.net/v/t62.7118-24/x.enc',
  ])("lets WhatsApp's CDN through: %s", (url) => {
    expect(() => assertWhatsappMediaUrl(image(url))).not.toThrow();
  });

  it('lets a message without a URL through (Baileys uses its default host with the direct path)', () => {
    expect(() => assertWhatsappMediaUrl(image())).not.toThrow();
    expect(() => assertWhatsappMediaUrl({ key: {}, message: { conversation: 'hi' } } as WAMessage)).not.toThrow();
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'https://169.254.169.254/latest/meta-data/',
    'https://127.0.0.1/x.enc',
    'https://evil.test/x.enc',
    'https://whatsapp.net.evil.test/x.enc',
    'http://mmg.whatsapp.net/x.enc',
    'https://mmg.whatsapp.net:8443/x.enc',
    'not a url',
  ])('refuses a URL a sender could have written anywhere else: %s', (url) => {
    expect(() => assertWhatsappMediaUrl(image(url))).toThrow();
  });

  it('looks inside wrappers such as view-once and ephemeral messages', () => {
    const wrapped = {
      key: {},
      message: { ephemeralMessage: { message: { documentMessage: { url: 'https://evil.test/d.enc' } } } },
    } as WAMessage;
    expect(() => assertWhatsappMediaUrl(wrapped)).toThrow();
  });
});

it('is checked before every download, so nothing is requested from a crafted host', async () => {
  const reupload = jest.fn(async (message: WAMessage) => message);
  // Local and closed: were the check missing, the attempt would fail on the network instead.
  await expect(
    DEFAULT_BAILEYS_RUNTIME.downloadMedia(image('https://127.0.0.1:1/x.enc'), reupload, undefined as never),
  ).rejects.toThrow(/not on WhatsApp's CDN/);
  expect(reupload).not.toHaveBeenCalled();
});
