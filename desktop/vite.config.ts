import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(resolve(here, 'package.json'), 'utf8')) as { version: string };

export default defineConfig({
  root: here,
  // Absolute asset paths: the server serves the bundle at the site root so deep links such as
  // /users/ must still find /assets/..., and the Electron app:// protocol maps its root to the same folder.
  base: '/',
  plugins: [
    react(),
    // The server sends these .br and .gz copies to browsers that accept them (see web-app.ts), so
    // nothing is compressed per request; both at their best level, since it happens once a build.
    compression({
      include: /\.(js|css|html|svg|json)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    // The shared sources are compiled in place, so the renderer never waits for a shared build.
    alias: { '@atendo/shared': resolve(here, '../shared/src/index.ts') },
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: resolve(here, 'dist/renderer'),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // .vite/manifest.json: which chunks each module needs, read by the first-screen budget test
    // (src/renderer/first-screen-budget.spec.ts). The server serves only assets/, not this.
    manifest: true,
    // The first screen's chunk (below) is about 1 MB minified, 245 KB with brotli, on purpose.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first screen needs (the entry and everything it imports: React, the router,
          // the store, i18n, Fluent's core and the sign-in page) in one chunk: one request, and
          // compressed as a whole it is 15-20 KB smaller than as the twenty chunks rolldown would
          // cut it into by which lazy pages share what. Every other page is a chunk of its own
          // (see router.tsx), with what pages share in shared chunks, so a screen downloads what
          // it uses and no more; one chunk for all of Fluent or of node_modules made /login
          // download the whole app.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
