import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, standInWarning } from './config.js';

describe('configuration', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'atendo-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on the embedded defaults with nothing set', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      dbUrl: null,
      redisUrl: null,
      publicUrl: 'http://localhost:8080',
      adminEmail: null,
    });
    expect(config.corsOrigins).toEqual(['http://localhost:8080', 'app://atendo']);
  });

  it.each([
    ['PORT', 'eighty', /PORT: must be a port number/],
    ['PORT', '70000', /PORT/],
    ['DB_URL', 'postgres://x', /DB_URL: must be a URL/],
    ['DB_POOL_SIZE', '1', /DB_POOL_SIZE: must be greater than or equal to 2/],
    ['SHUTDOWN_DELAY_MS', 'soon', /SHUTDOWN_DELAY_MS: must be a number/],
    ['SHUTDOWN_TIMEOUT_MS', '10', /SHUTDOWN_TIMEOUT_MS: must be greater than or equal to 1000/],
    ['REDIS_URL', 'http://x', /REDIS_URL/],
    ['JWT_SECRET', 'short', /JWT_SECRET: must be at least 32/],
    ['ADMIN_EMAIL', 'nobody', /ADMIN_EMAIL/],
    ['PUBLIC_URL', 'ftp://x', /PUBLIC_URL/],
    ['WA_WEB_VERSION', '2.3000', /WA_WEB_VERSION: must be a version like 2.3000.1023223821/],
    ['NODE_ID', 'node one', /NODE_ID: may hold 1-64 letters, digits/],
    ['WA_SESSIONS_PER_NODE', '-1', /WA_SESSIONS_PER_NODE: must be greater than or equal to 0/],
  ])('stops on a bad %s, naming it', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(message);
  });

  it('reads TRUST_PROXY as off, all, a hop count or a list of addresses, and stops on anything else', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toEqual({ hops: 2 });
    expect(trust('loopback, 10.0.0.0/8,::1')).toEqual(['loopback', '10.0.0.0/8', '::1']);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '-1', 'loopback,nginx', ',']) {
      expect(() => trust(bad)).toThrow(ConfigError);
      expect(() => trust(bad)).toThrow(/TRUST_PROXY: must be true, false, a hop count, or a comma-separated list/);
    }
  });

  it('names the node by NODE_ID, else by its host and a suffix of its own for each start', () => {
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ID: 'node-a' }).nodeId).toBe('node-a');
    const [one, two] = [loadConfig({ DATA_DIR: dataDir }), loadConfig({ DATA_DIR: dataDir })];
    expect(one.nodeId).toMatch(/^[A-Za-z0-9_.-]+-[0-9a-f]{6}$/);
    expect(one.nodeId).not.toBe(two.nodeId);
    expect(one.sessionsPerNode).toBe(Infinity);
    expect(loadConfig({ DATA_DIR: dataDir, WA_SESSIONS_PER_NODE: '500' }).sessionsPerNode).toBe(500);
  });

  it('keeps files on disk by default, in a bucket with STORAGE=s3, and stops on an incomplete S3 setting', () => {
    const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(load().s3).toBeNull();
    expect(
      load({
        STORAGE: 's3',
        S3_BUCKET: 'atendo-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'atendo-media',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    // AWS itself, with the SDK's own credentials (an instance role, say).
    expect(load({ STORAGE: 's3', S3_BUCKET: 'media', S3_REGION: 'sa-east-1' }).s3).toMatchObject({
      endpoint: null,
      region: 'sa-east-1',
      accessKeyId: null,
    });
    expect(() => load({ STORAGE: 's3' })).toThrow(/S3_BUCKET: is required with STORAGE=s3/);
    expect(() => load({ STORAGE: 'nfs' })).toThrow(/STORAGE: must be local or s3/);
    expect(() => load({ STORAGE: 's3', S3_BUCKET: 'Media_Files' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(() => load({ STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID/,
    );
  });

  it('turns the stand-ins on by default only on the embedded defaults with a loopback PUBLIC_URL', () => {
    const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(load().sandbox).toBe(true);
    for (const local of ['http://127.0.0.1:9000', 'http://127.8.9.1', 'http://[::1]:8080', 'http://localhost']) {
      expect({ local, sandbox: load({ PUBLIC_URL: local }).sandbox }).toEqual({ local, sandbox: true });
    }
    for (const reachable of [
      'https://help.example.com',
      'http://192.168.0.10:8080',
      'http://10.0.0.5',
      'http://0.0.0.0:8080',
      'http://localhost.example.com',
      'http://[2001:db8::1]',
    ]) {
      expect({ reachable, sandbox: load({ PUBLIC_URL: reachable }).sandbox }).toEqual({ reachable, sandbox: false });
    }
    expect(load({ DB_URL: 'mysql://root@db/atendo' }).sandbox).toBe(false);
    expect(load({ DB_URL: 'mysql://root@db/atendo', SANDBOX: 'true' }).sandbox).toBe(true);
    expect(load({ PUBLIC_URL: 'https://help.example.com', SANDBOX: 'true' }).sandbox).toBe(true);
    expect(load({ SANDBOX: 'false' }).sandbox).toBe(false);
    expect(() => load({ SANDBOX: 'maybe' })).toThrow(/SANDBOX: must be true or false/);
  });

  it('says loudly at start which stand-ins are on', () => {
    const local = loadConfig({ DATA_DIR: dataDir });
    expect(standInWarning(local)).toMatch(
      /^STAND-INS ARE ON: the sandbox WhatsApp network .* and the payment stand-in/,
    );
    const whatsappOnly = loadConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: 'none' });
    expect(standInWarning(whatsappOnly)).not.toMatch(/payment/);
    expect(standInWarning(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://help.example.com' }))).toBeNull();
  });

  it('generates missing secrets once and keeps them under DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toHaveLength(64);
    expect(first.jwtSecret).not.toBe(first.jwtRefreshSecret);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = join(dataDir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).jwt).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('uses configured secrets as given', () => {
    const secret = 'x'.repeat(40);
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret, JWT_REFRESH_SECRET: 'y'.repeat(40) });
    expect(config.jwtSecret).toBe(secret);
  });
});
