import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(resolve(here, 'package.json'), 'utf8')) as { version: string };

export default defineConfig({
  root: here,
  // Absolute asset paths: the server serves the bundle at the site root so deep links such as
  // /users/ must still find /assets/..., and the Electron app:// protocol maps its root to the same folder.
  base: '/',
  plugins: [react()],
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
    // React DOM and Fluent alone are ~600 kB minified (~200 kB gzipped); splitting them further
    // would only add requests, since every screen needs both.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'fluent', test: /node_modules[\\/]@fluentui/ },
            // The emoji picker and its data load only when the picker first opens.
            { name: 'emoji', test: /node_modules[\\/](emoji-mart|@emoji-mart)[\\/]/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
