// What a browser downloads to show the first screen: the built server and web app on the embedded
// defaults, opened in headless Chromium with an empty cache. For /login (signed out) and /tickets
// (signed in, the address opened directly), it adds up the JavaScript the page loads until it is
// usable and the network is quiet, as it travelled (compressed) and as it is on disk.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { benchKit, log } from './support/bench-kit.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDir = join(root, 'desktop', 'dist', 'renderer');
const admin = { email: 'bench@atendo.test', password: 'Bench-password-1' };
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  .filter(Boolean)
  .find((path) => existsSync(path));

const kit = benchKit({ name: 'web', defaultPort: 18797, columns: [40, 50, 30], embedded: true });
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * The budgets of compressed JavaScript, shared with the build's own check
 * (desktop/src/renderer/first-screen-budget.spec.ts, which computes the same from the manifest).
 */
const budgets = JSON.parse(readFileSync(join(root, 'desktop', 'first-screens.json'), 'utf8'));
const budgetOf = (path) => budgets.screens.find((screen) => screen.path === path).budget;

/** The screens measured, what says each is usable, and its budget of compressed JavaScript. */
const SCREENS = [
  {
    path: '/login',
    signedIn: false,
    usable: (page) => page.getByLabel('Email').waitFor(),
    target: budgetOf('/login'),
  },
  {
    path: '/tickets',
    signedIn: true,
    usable: (page) => page.getByRole('tab', { name: /^Waiting/ }).waitFor(),
    target: budgetOf('/tickets'),
  },
];

/** A signed-in browser's storage (the token the app keeps), made by signing in through the page. */
async function signedInState(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${kit.base}/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Opens `path` in a context of its own (so nothing is cached) and answers the scripts it loaded:
 * their compressed size on the wire, their size on disk and the encoding they came in.
 */
async function scriptsOf(browser, screen, storageState, headers) {
  const context = await browser.newContext({ storageState, extraHTTPHeaders: headers });
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') finished.push(request);
  });
  await page.goto(`${kit.base}${screen.path}`);
  await screen.usable(page);
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(
    finished.map(async (request) => {
      const file = join(webDir, new URL(request.url()).pathname);
      const response = await request.response();
      return {
        url: request.url(),
        wire: (await request.sizes()).responseBodySize,
        disk: statSync(file).size,
        encoding: response.headers()['content-encoding'] ?? 'identity',
      };
    }),
  );
  await context.close();
  return scripts;
}

const sum = (list, key) => list.reduce((total, item) => total + item[key], 0);

await kit.run(async () => {
  if (!chromiumPath) throw new Error('no Chromium: install chromium or set CHROMIUM_PATH');
  if (!existsSync(join(webDir, 'index.html'))) {
    log('desktop/dist/renderer is missing: building the web app');
    const built = spawnSync('npm', ['run', 'build', '-w', 'desktop'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build -w desktop failed');
  }
  await kit.prepare();
  await kit.startServer({
    logLevel: 'error',
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const signedIn = await signedInState(browser);
    log(`\nweb.bench — initial JavaScript of a screen, empty cache, Chromium ${browser.version()}\n`);
    for (const screen of SCREENS) {
      const state = screen.signedIn ? signedIn : undefined;
      const scripts = await scriptsOf(browser, screen, state);
      const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
      const wire = sum(scripts, 'wire');
      kit.report(
        `${screen.path}: JS as Chromium fetches it`,
        `${kB(wire)} ${encodings} (${kB(sum(scripts, 'disk'))} on disk, ${scripts.length} files)`,
        `≤ ${kB(screen.target)} compressed`,
        wire <= screen.target,
      );
      // A browser that takes gzip and not brotli gets the build's gzip copies.
      const gzip = await scriptsOf(browser, screen, state, { 'accept-encoding': 'gzip' });
      kit.report(`${screen.path}: the same with gzip only`, kB(sum(gzip, 'wire')), '(info)', null);
    }
  } finally {
    await browser.close();
    await kit.cleanup();
  }
  kit.printSummary();
});
