import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { proto, type KeyPair } from '@whiskeysockets/baileys';
import { DataSource } from 'typeorm';
import { SecretBox } from '../../../common/secret-box.js';
import { WhatsappAuthKeyEntity } from '../../whatsapp/entities/whatsapp-auth-key.entity.js';
import { useDatabaseAuthState } from './database-auth-state.js';

const box = new SecretBox(randomBytes(32));

const keyPair = (seed: number): KeyPair => ({
  public: Buffer.alloc(32, seed),
  private: Buffer.alloc(32, seed + 1),
});

/**
 * The same store on both engines the server runs on: the embedded SQLite always, and the
 * MySQL/MariaDB server of DB_URL when it is set (CI runs the server suites on both), each time on a
 * database of its own. synchronize is acceptable here only: the real schema comes from migrations.
 */
const engines: Array<[string, () => Promise<{ db: DataSource; drop(): Promise<void> }>]> = [
  [
    'SQLite',
    async () => {
      const db = new DataSource({
        type: 'better-sqlite3',
        database: ':memory:',
        entities: [WhatsappAuthKeyEntity],
        synchronize: true,
      });
      await db.initialize();
      return { db, drop: () => db.destroy() };
    },
  ],
];
if (process.env.DB_URL) {
  engines.push([
    'MySQL/MariaDB',
    async () => {
      const url = new URL(process.env.DB_URL!.replace(/^mariadb:/, 'mysql:'));
      const name = `atendo_auth_${randomBytes(4).toString('hex')}`;
      const admin = await createConnection({
        host: url.hostname,
        port: Number(url.port || 3306),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      });
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      url.pathname = `/${name}`;
      const db = new DataSource({
        type: 'mysql',
        url: url.toString(),
        entities: [WhatsappAuthKeyEntity],
        synchronize: true,
        timezone: 'Z',
      });
      await db.initialize();
      return {
        db,
        drop: async () => {
          await db.destroy();
          await admin.query(`DROP DATABASE \`${name}\``);
          await admin.end();
        },
      };
    },
  ]);
}

describe.each(engines)('useDatabaseAuthState on %s', (_engine, open) => {
  let db: DataSource;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await open());
  });
  beforeEach(() => db.getRepository(WhatsappAuthKeyEntity).clear());
  afterAll(() => drop());

  const rows = (whatsappId: number) => db.getRepository(WhatsappAuthKeyEntity).count({ where: { whatsappId } });

  it('starts with fresh creds and stores nothing until they are saved', async () => {
    const auth = await useDatabaseAuthState(db, box, 1);
    expect(auth.state.creds.registered).toBe(false);
    expect(Buffer.isBuffer(auth.state.creds.noiseKey.public)).toBe(true);
    expect(await rows(1)).toBe(0);
  });

  it('saves the creds and reads them back with their buffers', async () => {
    const first = await useDatabaseAuthState(db, box, 1);
    first.state.creds.me = { id: '5511999990000:3@s.whatsapp.net', name: 'Help desk' };
    await first.saveCreds();
    first.state.creds.nextPreKeyId = 42;
    await first.saveCreds();

    const again = await useDatabaseAuthState(db, box, 1);
    expect(again.state.creds.me).toEqual({ id: '5511999990000:3@s.whatsapp.net', name: 'Help desk' });
    expect(again.state.creds.nextPreKeyId).toBe(42);
    expect(Buffer.compare(again.state.creds.noiseKey.private, first.state.creds.noiseKey.private)).toBe(0);
    expect(Buffer.isBuffer(again.state.creds.signedPreKey.signature)).toBe(true);
    expect(await rows(1)).toBe(1);
  });

  it('round-trips every kind of signal key, overwrites on set and deletes on null', async () => {
    const { state } = await useDatabaseAuthState(db, box, 1);
    await state.keys.set({
      'pre-key': { '1': keyPair(1), '2': keyPair(3) },
      session: { '5511999990000.0': new Uint8Array([1, 2, 3]) },
      'lid-mapping': { '5511999990000': '123456789012345', '123456789012345_reverse': '5511999990000' },
      'app-state-sync-key': {
        AAAA: { keyData: new Uint8Array([9, 9]), timestamp: 1700000000 } as proto.Message.IAppStateSyncKeyData,
      },
    });

    const preKeys = await state.keys.get('pre-key', ['1', '2', '3']);
    expect(Object.keys(preKeys).sort()).toEqual(['1', '2']);
    expect(Buffer.compare(Buffer.from(preKeys['1'].public), Buffer.alloc(32, 1))).toBe(0);
    const sessions = await state.keys.get('session', ['5511999990000.0']);
    expect([...sessions['5511999990000.0']]).toEqual([1, 2, 3]);
    expect(await state.keys.get('lid-mapping', ['123456789012345_reverse'])).toEqual({
      '123456789012345_reverse': '5511999990000',
    });
    const syncKey = (await state.keys.get('app-state-sync-key', ['AAAA'])).AAAA;
    expect(syncKey).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect([...(syncKey.keyData ?? [])]).toEqual([9, 9]);

    await state.keys.set({ 'pre-key': { '1': keyPair(7), '2': null } });
    const after = await state.keys.get('pre-key', ['1', '2']);
    expect(Object.keys(after)).toEqual(['1']);
    expect(Buffer.compare(Buffer.from(after['1'].public), Buffer.alloc(32, 7))).toBe(0);
  });

  it('writes one set in one transaction: a failure leaves nothing half-written', async () => {
    const { state } = await useDatabaseAuthState(db, box, 1);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(
      state.keys.set({
        'pre-key': { '1': keyPair(1) },
        'sender-key-memory': { group: circular as unknown as { [jid: string]: boolean } },
      }),
    ).rejects.toThrow();
    expect(await state.keys.get('pre-key', ['1'])).toEqual({});
    // The queue keeps going after a failed write.
    await state.keys.set({ 'pre-key': { '1': keyPair(1) } });
    expect(Object.keys(await state.keys.get('pre-key', ['1']))).toEqual(['1']);
  });

  it('handles batches larger than one statement', async () => {
    const { state } = await useDatabaseAuthState(db, box, 1);
    const many = Object.fromEntries(Array.from({ length: 450 }, (_, i) => [String(i), keyPair(i % 200)]));
    await state.keys.set({ 'pre-key': many });
    const ids = Object.keys(many);
    expect(Object.keys(await state.keys.get('pre-key', ids))).toHaveLength(450);
    await state.keys.set({ 'pre-key': Object.fromEntries(ids.map((id) => [id, null])) });
    expect(await rows(1)).toBe(0);
  });

  it('keeps connections apart, wipes one entirely and never writes it back afterwards', async () => {
    const one = await useDatabaseAuthState(db, box, 1);
    const two = await useDatabaseAuthState(db, box, 2);
    await one.saveCreds();
    await one.state.keys.set({ 'pre-key': { '1': keyPair(1) } });
    await two.saveCreds();
    await two.state.keys.set({ 'pre-key': { '1': keyPair(2) } });

    await one.wipe();
    await one.saveCreds();
    await one.state.keys.set({ 'pre-key': { '9': keyPair(9) } });

    expect(await rows(1)).toBe(0);
    expect(await rows(2)).toBe(2);
    const fresh = await useDatabaseAuthState(db, box, 1);
    expect(fresh.state.creds.noiseKey.public).not.toEqual(one.state.creds.noiseKey.public);
  });

  it('seals every value to its row, and still reads a plain row a previous version wrote', async () => {
    const { state, saveCreds } = await useDatabaseAuthState(db, box, 1);
    state.creds.me = { id: '5511999990000:3@s.whatsapp.net', name: 'Help desk' };
    await saveCreds();
    await state.keys.set({ 'pre-key': { '1': keyPair(1) } });
    const repo = db.getRepository(WhatsappAuthKeyEntity);
    const stored = await repo.find({ where: { whatsappId: 1 } });
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.value.startsWith(`v2.${box.keyId}.`)).toBe(true);
      expect(row.value).not.toContain('Help desk');
    }
    // A value moved to another row (another connection's) does not open there.
    const creds = stored.find((r) => r.type === 'creds')!;
    await repo.insert({ whatsappId: 2, type: 'creds', keyId: 'creds', value: creds.value });
    await expect(useDatabaseAuthState(db, box, 2)).rejects.toThrow();

    // A node still on the version before sealing writes plain JSON; this one reads it.
    await repo.update({ whatsappId: 1, type: 'pre-key', keyId: '1' }, { value: JSON.stringify({ public: 'a' }) });
    expect(await state.keys.get('pre-key', ['1'])).toEqual({ '1': { public: 'a' } });
    // Under another key, nothing opens.
    await expect(useDatabaseAuthState(db, new SecretBox(randomBytes(32)), 1)).rejects.toThrow('not configured');
  });

  it('clear() drops the keys but keeps the creds', async () => {
    const { state, saveCreds } = await useDatabaseAuthState(db, box, 1);
    await saveCreds();
    await state.keys.set({ 'pre-key': { '1': keyPair(1) } });
    await state.keys.clear!();
    expect(await rows(1)).toBe(1);
    expect(await state.keys.get('pre-key', ['1'])).toEqual({});
  });
});
