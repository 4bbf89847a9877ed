import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ValidationError } from 'yup';
import { configSchema, type ConfigInput } from './config.schema.js';

export interface AppConfig {
  env: ConfigInput['NODE_ENV'];
  port: number;
  host: string;
  dbUrl: string | null;
  redisUrl: string | null;
  redisPrefix: string;
  jwtSecret: string;
  jwtRefreshSecret: string;
  publicUrl: string;
  dataDir: string;
  webDir: string;
  adminEmail: string | null;
  adminPassword: string | null;
  corsOrigins: string[];
  logLevel: ConfigInput['LOG_LEVEL'];
  loginLimitPerIp: number;
  loginLimitPerAccount: number;
  signupLimitPerIp: number;
  sandbox: boolean;
  sandboxAckIntervalMs: number;
  version: string;
}

export class ConfigError extends Error {}

/** The Electron app's origin: it loads the renderer from its own scheme and calls the API. */
export const DESKTOP_ORIGIN = 'app://atendo';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * Secrets that are not configured are generated once and kept under DATA_DIR, so tokens survive a
 * restart without a secret ever living in the code. Several nodes must share configured secrets.
 */
function persistedSecrets(dataDir: string): { jwt: string; refresh: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as { jwt: string; refresh: string };
  }
  const secrets = { jwt: randomBytes(48).toString('base64url'), refresh: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  let input: ConfigInput;
  try {
    input = configSchema.validateSync(raw, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof ValidationError) {
      const lines = error.inner.length ? error.inner : [error];
      throw new ConfigError(
        `Invalid configuration:\n${lines.map((e) => `  ${e.path}: ${e.message.replace(/^.*? must/, 'must')}`).join('\n')}`,
      );
    }
    throw error;
  }
  const dataDir = isAbsolute(input.DATA_DIR) ? input.DATA_DIR : resolve(process.cwd(), input.DATA_DIR);
  mkdirSync(join(dataDir, 'public'), { recursive: true });
  const needsGenerated = !input.JWT_SECRET || !input.JWT_REFRESH_SECRET;
  const generated = needsGenerated ? persistedSecrets(dataDir) : null;
  const publicUrl = (input.PUBLIC_URL ?? `http://localhost:${input.PORT}`).replace(/\/+$/, '');
  return {
    env: input.NODE_ENV,
    port: input.PORT,
    host: input.HOST,
    dbUrl: input.DB_URL ?? null,
    redisUrl: input.REDIS_URL ?? null,
    redisPrefix: input.REDIS_PREFIX,
    jwtSecret: input.JWT_SECRET ?? generated!.jwt,
    jwtRefreshSecret: input.JWT_REFRESH_SECRET ?? generated!.refresh,
    publicUrl,
    dataDir,
    webDir: input.WEB_DIR ? resolve(input.WEB_DIR) : resolve(serverRoot, '..', 'desktop', 'dist', 'renderer'),
    adminEmail: input.ADMIN_EMAIL ?? null,
    adminPassword: input.ADMIN_PASSWORD ?? null,
    corsOrigins: [
      new URL(publicUrl).origin,
      DESKTOP_ORIGIN,
      ...input.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    logLevel: input.LOG_LEVEL,
    loginLimitPerIp: input.LOGIN_LIMIT_PER_IP,
    loginLimitPerAccount: input.LOGIN_LIMIT_PER_ACCOUNT,
    signupLimitPerIp: input.SIGNUP_LIMIT_PER_IP,
    // A fresh install without MySQL is someone trying the product: let them try it without a phone.
    sandbox: input.SANDBOX ?? !input.DB_URL,
    sandboxAckIntervalMs: input.SANDBOX_ACK_INTERVAL_MS,
    version: readVersion(),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
export const PRODUCT_NAME = 'Atendo';
