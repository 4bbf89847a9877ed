#!/usr/bin/env node
// Writes docs/openapi.json from the built server (npm run build first): the document GET
// /api/docs/openapi.json serves. The server e2e suite fails while the committed one is stale.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'atendo-openapi-'));
const { loadConfig } = await import(join(root, 'server', 'dist', 'config', 'config.js'));
const { createApp } = await import(join(root, 'server', 'dist', 'bootstrap.js'));
const { openApiDocument } = await import(join(root, 'server', 'dist', 'modules', 'openapi', 'openapi-document.js'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIR: join(dataDir, 'no-web') });
const app = await createApp(config);
await app.init();
const document = openApiDocument(app, config.version);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
writeFileSync(join(root, 'docs', 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
console.log(`docs/openapi.json: ${Object.keys(document.paths).length} paths`);
