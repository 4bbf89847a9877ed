import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The server under test: the built one, on the embedded defaults, with a fresh data directory. */
const port = Number(process.env.E2E_PORT ?? 18765);
/** Where the second-origin project serves the renderer, apart from the API as the desktop app runs it. */
const secondOriginPort = port + 1;
// Playwright loads this file again in each worker: the runner's directory (the one the server
// uses) reaches them through the environment they inherit, so specs can read the server's files.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'atendo-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
/** The server's DATA_DIR: its outbox holds the mail it sent (no SMTP is configured here). */
export const E2E_DATA_DIR = dataDir;
export const E2E_ADMIN = { email: 'super@atendo.test', password: 'Super-secret-1' };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 850 } } },
    {
      // Every spec again with the renderer on its own origin calling the API across origins (CORS
      // preflights, credentials, the socket's origin check), the way the desktop app's app://
      // page does. The bridge spec installs its own desktop bridge and runs only above.
      name: 'second-origin',
      testIgnore: /desktop-bridge\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 850 },
        baseURL: `http://127.0.0.1:${secondOriginPort}`,
      },
    },
  ],
  webServer: [
    {
      command: 'node ../server/dist/main.js',
      url: `http://127.0.0.1:${port}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        // Outside production a pooled connection asked for inside a transaction fails loudly.
        NODE_ENV: 'test',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        DB_URL: '',
        REDIS_URL: '',
        // One run signs in and signs companies up far more often than a person would.
        LOGIN_LIMIT_PER_IP: '200',
        SIGNUP_LIMIT_PER_IP: '1000',
        CORS_ORIGINS: `http://127.0.0.1:${secondOriginPort}`,
        // A copy of the web build to test instead of desktop/dist/renderer (which a build rewrites).
        ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
      },
    },
    {
      command: 'node e2e/support/second-origin.mjs',
      port: secondOriginPort,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        SECOND_ORIGIN_PORT: String(secondOriginPort),
        API_URL: `http://127.0.0.1:${port}`,
        ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
      },
    },
  ],
});
