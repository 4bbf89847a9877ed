import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../config/config.js';

describe('payment configuration', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'atendo-pay-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env }).payments;

  it('uses the stand-in where the sandbox is on, nothing on MySQL, Asaas once a key is set', () => {
    expect(load().provider).toBe('sandbox');
    expect(load({ DB_URL: 'mysql://root@db/atendo' }).provider).toBeNull();
    expect(load({ PUBLIC_URL: 'https://help.example.com' }).provider).toBeNull();
    expect(load({ DB_URL: 'mysql://root@db/atendo', SANDBOX: 'true', PAYMENT_PROVIDER: 'sandbox' }).provider).toBe(
      'sandbox',
    );
    expect(load({ PAYMENT_PROVIDER: 'none' }).provider).toBeNull();
    const asaas = load({ ASAAS_API_KEY: '$aact_prod_abc', PAYMENT_WEBHOOK_TOKEN: 'w'.repeat(20) });
    expect(asaas).toMatchObject({
      provider: 'asaas',
      asaasBaseUrl: 'https://api.asaas.com/v3',
      webhookToken: 'w'.repeat(20),
    });
  });

  it("points a sandbox key at Asaas's sandbox unless told otherwise", () => {
    const env = { ASAAS_API_KEY: '$aact_hmlg_abc', PAYMENT_WEBHOOK_TOKEN: 'w'.repeat(20) };
    expect(load(env).asaasBaseUrl).toBe('https://api-sandbox.asaas.com/v3');
    expect(load({ ...env, ASAAS_BASE_URL: 'http://127.0.0.1:9/v3/' }).asaasBaseUrl).toBe('http://127.0.0.1:9/v3');
  });

  it('refuses the stand-in wherever the stand-ins are off', () => {
    const off: Record<string, string>[] = [
      { PUBLIC_URL: 'https://help.example.com' },
      { DB_URL: 'mysql://root@db/atendo' },
      { SANDBOX: 'false' },
    ];
    for (const env of off) {
      expect(() => load({ ...env, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENT_PROVIDER: sandbox .* SANDBOX=true/);
    }
    expect(load({ PUBLIC_URL: 'https://help.example.com', SANDBOX: 'true' }).provider).toBe('sandbox');
  });

  it('stops on an incomplete or bad payment configuration, naming the variable', () => {
    expect(() => load({ PAYMENT_PROVIDER: 'asaas' })).toThrow(ConfigError);
    expect(() => load({ ASAAS_API_KEY: 'k' })).toThrow(
      /PAYMENT_PROVIDER: asaas needs ASAAS_API_KEY and PAYMENT_WEBHOOK_TOKEN/,
    );
    expect(() => load({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER: must be asaas, sandbox or none/);
    expect(() => load({ PAYMENT_WEBHOOK_TOKEN: 'short' })).toThrow(/PAYMENT_WEBHOOK_TOKEN: must be at least 16/);
    expect(() => load({ INVOICE_DAYS_AHEAD: '90' })).toThrow(/INVOICE_DAYS_AHEAD/);
  });

  it('gives the stand-in a webhook secret of its own when none is configured', () => {
    const a = load();
    expect(a.webhookToken.length).toBeGreaterThanOrEqual(16);
    expect(load().webhookToken).not.toBe(a.webhookToken);
  });
});
