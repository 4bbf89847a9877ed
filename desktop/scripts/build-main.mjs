// Bundles the Electron main process and the preload into single CommonJS files:
// - main: electron-store (and conf) are ESM-only, and Electron loads the entry as CommonJS here,
//   so they are bundled in rather than required at run time;
// - preload: a sandboxed preload can require nothing but 'electron', so it must be one file.
// Paths are relative to this file so it runs from any working directory.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const desktopDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedSource = path.resolve(desktopDir, '..', 'shared', 'src');

/**
 * Resolves @atendo/shared to its TypeScript sources (no separate shared build needed) and marks
 * them side-effect free, so only what is imported is bundled: the preload needs the IPC channel
 * names, not every yup schema of the product.
 */
const sharedSourcePlugin = {
  name: 'atendo-shared-source',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@atendo\/shared$/ }, () => ({
      path: path.join(sharedSource, 'index.ts'),
      sideEffects: false,
    }));
    pluginBuild.onResolve({ filter: /^\.{1,2}\// }, (args) => {
      if (!args.importer.startsWith(sharedSource + path.sep)) return undefined;
      const resolved = path.resolve(path.dirname(args.importer), args.path.replace(/\.js$/, '.ts'));
      return { path: resolved, sideEffects: false };
    });
  },
};

const production = process.env.NODE_ENV === 'production';

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // The Node and Chromium versions of the Electron the app ships.
  target: ['node22', 'chrome140'],
  external: ['electron'],
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'info',
  absWorkingDir: desktopDir,
  plugins: [sharedSourcePlugin],
};

await Promise.all([
  build({
    ...common,
    entryPoints: [path.join(desktopDir, 'src', 'main', 'main.ts')],
    outfile: path.join(desktopDir, 'dist', 'main', 'main.cjs'),
  }),
  build({
    ...common,
    entryPoints: [path.join(desktopDir, 'src', 'preload', 'preload.ts')],
    outfile: path.join(desktopDir, 'dist', 'preload', 'preload.cjs'),
  }),
]);
