import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { OUTBOUND_PORT, type OutboundPort } from '../src/modules/gateway/gateway.types.js';
import { isPublicAddress } from '../src/modules/outbound-http/address-policy.js';
import { SessionManager } from '../src/modules/gateway/session-manager.js';
import { WhatsappAuthKeyEntity } from '../src/modules/whatsapp/entities/whatsapp-auth-key.entity.js';
import { RecordingSink, recordingSinkModule } from './support/recording-sink.js';
import { nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

const ENV = { SANDBOX: 'true', SANDBOX_ACK_INTERVAL_MS: '20' };
const sink = new RecordingSink();
let t: TestApp;
let files: Server;
let filesUrl: string;
/** Listens on every local address (127.0.0.1 and ::1 alike) and counts what reached it. */
let bait: Server;
let baitPort: number;
let baitHits = 0;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
/** The media server's own loopback address, which these tests let the outbound guard treat as public. */
const FILES_HOST = '127.0.0.2';

beforeAll(async () => {
  files = createServer((req, res) => {
    if (req.url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (req.url === '/to-loopback') {
      res.writeHead(302, { location: `http://127.0.0.1:${baitPort}/secret` }).end();
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, FILES_HOST, resolve));
  filesUrl = `http://${FILES_HOST}:${(files.address() as AddressInfo).port}`;
  bait = createServer((_req, res) => {
    baitHits += 1;
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((resolve) => bait.listen(0, '::', resolve));
  baitPort = (bait.address() as AddressInfo).port;
  t = await startTestApp(ENV, undefined, {
    extraModules: [recordingSinkModule(sink)],
    // The media server stands in for a public host; every other address keeps the production rule.
    outboundHttp: { allowAddress: (address) => address === FILES_HOST || isPublicAddress(address) },
  });
});
afterAll(async () => {
  await new Promise((resolve) => files.close(resolve));
  await new Promise((resolve) => bait.close(resolve));
  await t.close();
});

type Company = Awaited<ReturnType<typeof signupCompany>>;

/** Session updates of one connection (null: any of the company's) until one matches. */
function sessionUpdate(socket: Socket, companyId: number, id: number | null, status: string, ms = 3000) {
  return new Promise<any>((resolve, reject) => {
    const event = `company-${companyId}-whatsappSession`;
    const timer = setTimeout(() => reject(new Error(`no ${status} for connection ${id}`)), ms);
    const listener = (payload: any) => {
      if ((id !== null && payload.session.id !== id) || payload.session.status !== status) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

async function connected(company: Company, name = 'Sandbox line') {
  const line = (await t.request('POST', '/whatsapp', { token: company.token, body: { name, provider: 'sandbox' } }))
    .body;
  expect((await t.request('POST', `/whatsappsession/${line.id}`, { token: company.token })).status).toBe(200);
  expect(
    (await t.request('POST', `/sandbox/connections/${line.id}/scan`, { token: company.token, body: {} })).status,
  ).toBe(200);
  return line as { id: number };
}

const inject = (company: Company, id: number, body: Record<string, unknown>) =>
  t.request('POST', `/sandbox/connections/${id}/messages`, { token: company.token, body });

describe('sandbox sessions', () => {
  it("goes OPENING, then qrcode, then CONNECTED when scanned, telling only the company's sockets", async () => {
    const company = await signupCompany(t, 'Sandbox');
    const other = await signupCompany(t, 'SandboxOther');
    const socket = t.socket(company.token);
    const otherSocket = t.socket(other.token);
    await Promise.all([nextEvent(socket, 'ready'), nextEvent(otherSocket, 'ready')]);
    const leaked = receives(otherSocket, `company-${company.companyId}-whatsappSession`, 1500);

    // The session starts as the connection (the company's first) is created; starting it again
    // changes nothing.
    const opening = sessionUpdate(socket, company.companyId, null, 'OPENING');
    const qr = sessionUpdate(socket, company.companyId, null, 'qrcode');
    const line = (
      await t.request('POST', '/whatsapp', { token: company.token, body: { name: 'Sim', provider: 'sandbox' } })
    ).body;
    expect(line.status).toBe('qrcode');
    expect(await t.request('POST', `/whatsappsession/${line.id}`, { token: company.token })).toMatchObject({
      status: 200,
      body: { message: 'Starting session.' },
    });
    expect((await opening).session).toMatchObject({ id: line.id, status: 'OPENING', qrcode: '', retries: 0 });
    const qrEvent = (await qr).session;
    expect(qrEvent.qrcode).toEqual(expect.any(String));
    expect(qrEvent.qrcode.length).toBeGreaterThan(10);
    expect(new Date(qrEvent.updatedAt).getTime()).not.toBeNaN();
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: company.token })).body).toMatchObject({
      status: 'qrcode',
      qrcode: qrEvent.qrcode,
    });

    // Messages cannot arrive before the phone is linked.
    expect(await inject(company, line.id, { from: '5511912345678', body: 'too early' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_NOT_INITIALIZED' },
    });

    const up = sessionUpdate(socket, company.companyId, line.id, 'CONNECTED');
    const scan = await t.request('POST', `/sandbox/connections/${line.id}/scan`, { token: company.token, body: {} });
    expect(scan).toMatchObject({ status: 200, body: { whatsappId: line.id, status: 'CONNECTED' } });
    // Each tells the node running the session.
    expect((await up).session).toMatchObject({ status: 'CONNECTED', qrcode: '', node: t.config.nodeId });
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: company.token })).body).toMatchObject({
      status: 'CONNECTED',
      qrcode: '',
      node: t.config.nodeId,
    });
    expect(await leaked).toBe(false);
  });

  it('delivers inbound text, media and location messages to the pipeline as a real one would arrive', async () => {
    const company = await signupCompany(t, 'SandboxInbound');
    const line = await connected(company);
    const text = await inject(company, line.id, { from: '+55 (11) 91234-5678', name: 'Maria', body: 'Olá!' });
    expect(text.status).toBe(201);
    const got = await sink.until(() => sink.messages.find((m) => m.providerId === text.body.providerId));
    expect(got).toMatchObject({
      whatsappId: line.id,
      companyId: company.companyId,
      chat: { number: '5511912345678', name: 'Maria', isGroup: false },
      fromMe: false,
      mediaType: 'chat',
      body: 'Olá!',
    });
    expect(got.timestamp).toBeInstanceOf(Date);

    // The same id twice is the same message delivered twice.
    for (let i = 0; i < 2; i++) {
      expect((await inject(company, line.id, { from: '5511912345678', id: 'DUP-1', body: 'again' })).body).toEqual({
        providerId: 'DUP-1',
      });
    }
    expect(sink.messages.filter((m) => m.providerId === 'DUP-1' && m.whatsappId === line.id)).toHaveLength(2);

    const image = await inject(company, line.id, {
      from: '5511912345678',
      body: 'a photo',
      quotedId: 'DUP-1',
      media: { base64: PNG.toString('base64'), mimetype: 'image/png', filename: 'p.png' },
    });
    const imageMessage = await sink.until(() => sink.messages.find((m) => m.providerId === image.body.providerId));
    expect(imageMessage).toMatchObject({ mediaType: 'image', body: 'a photo', quotedProviderId: 'DUP-1' });
    expect(imageMessage.media).toMatchObject({ mimetype: 'image/png', filename: 'p.png' });
    expect(Buffer.compare(await imageMessage.media!.load(), PNG)).toBe(0);

    const fetched = await inject(company, line.id, {
      from: '5511912345678',
      media: { url: `${filesUrl}/photo.png`, mimetype: 'application/pdf', filename: 'doc.pdf' },
    });
    const doc = await sink.until(() => sink.messages.find((m) => m.providerId === fetched.body.providerId));
    expect(doc).toMatchObject({ mediaType: 'application', body: 'doc.pdf' });
    expect(Buffer.compare(await doc.media!.load(), PNG)).toBe(0);
    expect(
      await inject(company, line.id, {
        from: '5511912345678',
        media: { url: `${filesUrl}/missing.png`, mimetype: 'image/png' },
      }),
    ).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_DOWNLOAD_MEDIA' } });

    const place = await inject(company, line.id, {
      from: '5511912345678',
      location: { lat: -23.55, lng: -46.63, description: 'Av. Paulista | 1000' },
    });
    const location = await sink.until(() => sink.messages.find((m) => m.providerId === place.body.providerId));
    expect(location.mediaType).toBe('locationMessage');
    const [imagePart, link, description] = location.body.split('|');
    expect(imagePart).toMatch(/^data:image\//);
    expect(link).toBe('https://maps.google.com/maps?q=-23.55,-46.63&z=17');
    expect(description).toBe('Av. Paulista / 1000');
    const bare = await inject(company, line.id, { from: '5511912345678', location: { lat: 1, lng: 2 } });
    const bareMessage = await sink.until(() => sink.messages.find((m) => m.providerId === bare.body.providerId));
    expect(bareMessage.body.split('|')).toHaveLength(2);
  });

  it('refuses media URLs that lead to this machine or a private network, fetching nothing', async () => {
    const company = await signupCompany(t, 'SandboxSsrf');
    const line = await connected(company);
    const urls = [
      `${t.url}/health`,
      `http://127.0.0.1:${baitPort}/secret`,
      `http://localhost:${baitPort}/secret`,
      `http://0x7f000001:${baitPort}/secret`,
      `http://2130706433:${baitPort}/secret`,
      `http://[::1]:${baitPort}/secret`,
      `http://[::ffff:127.0.0.1]:${baitPort}/secret`,
      `http://0.0.0.0:${baitPort}/secret`,
      'http://169.254.169.254/latest/meta-data/',
      `${filesUrl}/to-loopback`,
    ];
    for (const url of urls) {
      const res = await inject(company, line.id, { from: '5511912345678', media: { url, mimetype: 'image/png' } });
      expect({ url, status: res.status, body: res.body }).toEqual({
        url,
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: [{ field: 'media.url', message: 'validation.publicAddress' }] },
      });
    }
    expect(baitHits).toBe(0);
  });

  it('validates injected messages with field errors', async () => {
    const company = await signupCompany(t, 'SandboxValidation');
    const line = await connected(company);
    const fieldsOf = async (body: Record<string, unknown>) => {
      const res = await inject(company, line.id, body);
      expect(res.status).toBe(400);
      return res.body.fields.map((f: { field: string }) => f.field);
    };
    expect(await fieldsOf({ body: 'hi' })).toEqual(['from']);
    expect(await fieldsOf({ from: '123', body: 'hi' })).toEqual(['from']);
    expect(await fieldsOf({ from: '5511912345678' })).toEqual(['body']);
    expect(await fieldsOf({ from: '5511912345678', media: { mimetype: 'image/png' } })).toEqual(['media']);
    expect(
      await fieldsOf({ from: '5511912345678', media: { url: 'ftp://x/y.png', base64: 'AA==', mimetype: 'image/png' } }),
    ).toEqual(expect.arrayContaining(['media', 'media.url']));
    expect(await fieldsOf({ from: '5511912345678', location: { lat: 100, lng: 'x' } })).toEqual(
      expect.arrayContaining(['location.lat', 'location.lng']),
    );
    expect(await fieldsOf({ from: '5511912345678', id: 'has spaces', body: 'x' })).toEqual(['id']);
    expect(
      (await t.request('PUT', '/sandbox/numbers/12', { token: company.token, body: { onWhatsApp: false } })).body,
    ).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'number' }] });
    expect(
      (await t.request('PUT', '/sandbox/numbers/5511912345678', { token: company.token, body: {} })).body.fields,
    ).toEqual([expect.objectContaining({ field: 'onWhatsApp' })]);
  });

  it('sends through the outbound port, with acks 1 to 4, and refuses numbers that are not on WhatsApp', async () => {
    const company = await signupCompany(t, 'SandboxOutbound');
    const line = await connected(company);
    const outbound = t.app.get<OutboundPort>(OUTBOUND_PORT);
    const to = { number: '5511955554444', isGroup: false };

    const sent = await outbound.sendText(line.id, to, 'Hello from the agent');
    expect(sent.providerId).toEqual(expect.any(String));
    expect(sent.timestamp).toBeInstanceOf(Date);
    const acks = await sink.until(() => {
      const list = sink.changes.filter((c) => c.kind === 'ack' && c.providerId === sent.providerId);
      return list.length === 4 && list;
    });
    expect(acks.map((a) => (a.kind === 'ack' ? a.ack : 0))).toEqual([1, 2, 3, 4]);
    expect(acks[0]).toMatchObject({ whatsappId: line.id, companyId: company.companyId });

    const media = await outbound.sendMedia(line.id, to, { data: PNG, mimetype: 'image/png', filename: 'p.png' });
    expect(media.providerId).not.toBe(sent.providerId);
    await outbound.deleteForEveryone(line.id, to, sent.providerId);
    await expect(outbound.deleteForEveryone(line.id, to, 'NOT-MINE')).rejects.toMatchObject({
      code: 'ERR_DELETE_WAPP_MSG',
    });

    expect(await outbound.checkNumber(line.id, '5511955554444')).toEqual({ exists: true, number: '5511955554444' });
    expect(
      await t.request('PUT', '/sandbox/numbers/+5511955554444', { token: company.token, body: { onWhatsApp: false } }),
    ).toMatchObject({ status: 200, body: { number: '5511955554444', onWhatsApp: false } });
    expect(await outbound.checkNumber(line.id, '5511955554444')).toEqual({ exists: false, number: '5511955554444' });
    await expect(outbound.sendText(line.id, to, 'anyone there?')).rejects.toMatchObject({
      code: 'ERR_WAPP_INVALID_CONTACT',
    });
    await expect(outbound.checkNumber(line.id, '12')).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
    await t.request('PUT', '/sandbox/numbers/5511955554444', { token: company.token, body: { onWhatsApp: true } });
    expect((await outbound.sendText(line.id, to, 'back')).providerId).toEqual(expect.any(String));
  });

  it("keeps each company's numbers apart: taking one off WhatsApp changes no other company's customers", async () => {
    const [a, b] = [await signupCompany(t, 'SandboxNumbersA'), await signupCompany(t, 'SandboxNumbersB')];
    const [lineA, lineB] = [await connected(a), await connected(b)];
    const outbound = t.app.get<OutboundPort>(OUTBOUND_PORT);
    const number = '5511944443333';
    expect(
      (await t.request('PUT', `/sandbox/numbers/${number}`, { token: a.token, body: { onWhatsApp: false } })).status,
    ).toBe(200);
    expect(await outbound.checkNumber(lineA.id, number)).toEqual({ exists: false, number });
    expect(await outbound.checkNumber(lineB.id, number)).toEqual({ exists: true, number });
    expect((await outbound.sendText(lineB.id, { number, isGroup: false }, 'still reachable')).providerId).toEqual(
      expect.any(String),
    );
    // B putting the number back on WhatsApp does not undo A's choice.
    await t.request('PUT', `/sandbox/numbers/${number}`, { token: b.token, body: { onWhatsApp: true } });
    expect(await outbound.checkNumber(lineA.id, number)).toEqual({ exists: false, number });
  });

  it('disconnects (logging out and wiping the auth state) and asks for a new QR', async () => {
    const company = await signupCompany(t, 'SandboxLogout');
    const line = await connected(company);
    const outbound = t.app.get<OutboundPort>(OUTBOUND_PORT);
    const keys = t.app.get(DataSource).getRepository(WhatsappAuthKeyEntity);
    expect(await keys.countBy({ whatsappId: line.id })).toBe(1);

    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');
    const down = sessionUpdate(socket, company.companyId, line.id, 'DISCONNECTED');
    expect(await t.request('DELETE', `/whatsappsession/${line.id}`, { token: company.token })).toMatchObject({
      status: 200,
      body: { message: 'Session disconnected.' },
    });
    await down;
    expect(await keys.countBy({ whatsappId: line.id })).toBe(0);
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: company.token })).body.status).toBe('DISCONNECTED');
    await expect(outbound.sendText(line.id, { number: '5511955554444', isGroup: false }, 'x')).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    });

    const qr = sessionUpdate(socket, company.companyId, line.id, 'qrcode');
    expect((await t.request('PUT', `/whatsappsession/${line.id}`, { token: company.token })).status).toBe(200);
    await qr;
    // Already running: starting again changes nothing.
    expect((await t.request('POST', `/whatsappsession/${line.id}`, { token: company.token })).status).toBe(200);
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: company.token })).body.status).toBe('qrcode');

    // Deleting a running connection stops its session.
    expect((await t.request('DELETE', `/whatsapp/${line.id}`, { token: company.token })).status).toBe(204);
    expect(t.app.get(SessionManager).isLocal(line.id)).toBe(false);
  });

  it('resumes a connected session after a restart, without a new scan', async () => {
    const company = await signupCompany(t, 'SandboxRestart');
    const line = await connected(company);
    const restartSink = new RecordingSink();
    // A second process of the same installation starts after this one stopped its sessions.
    await t.app.get(SessionManager).onModuleDestroy();
    const restarted = await startTestApp(ENV, t, { extraModules: [recordingSinkModule(restartSink)] });
    try {
      const manager = restarted.app.get(SessionManager);
      const status = async () =>
        (await restarted.request('GET', `/whatsapp/${line.id}`, { token: company.token })).body.status;
      // Resuming runs in the background of the start-up.
      for (let i = 0; i < 50 && !(manager.isLocal(line.id) && (await status()) === 'CONNECTED'); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await status()).toBe('CONNECTED');
      expect(manager.isLocal(line.id)).toBe(true);
      const res = await restarted.request('POST', `/sandbox/connections/${line.id}/messages`, {
        token: company.token,
        body: { from: '5511912345678', body: 'still there?' },
      });
      expect(res.status).toBe(201);
      await restartSink.until(() => restartSink.messages.find((m) => m.providerId === res.body.providerId));
    } finally {
      await restarted.close();
    }
  });
});
