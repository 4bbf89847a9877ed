import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repository = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/**
 * electron-builder packages the Electron that electron-builder.yml names (npm workspaces hoist
 * electron where it does not look), so the app is built, tested and shipped on one version only if
 * package.json pins that same version exactly.
 */
describe('the Electron version', () => {
  const builderVersion = /^electronVersion:\s*['"]?([^\s'"#]+)/m.exec(
    readFileSync(repository('electron-builder.yml'), 'utf8'),
  )?.[1];
  const declared = (
    JSON.parse(readFileSync(repository('desktop/package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    }
  ).devDependencies.electron;

  it('is pinned exactly in desktop/package.json, to the version electron-builder.yml packages', () => {
    expect(builderVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(declared).toBe(builderVersion);
  });

  it('is the one installed, so the tests and the build run on what ships', () => {
    const require = createRequire(repository('desktop/package.json'));
    const installed = (require('electron/package.json') as { version: string }).version;
    expect(installed).toBe(builderVersion);
  });
});
