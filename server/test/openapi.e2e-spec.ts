import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { registeredRoutes } from './support/routes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The OpenAPI document: the one committed (docs/openapi.json) is the one the running server
 * serves, and it lists every route of the API with the schemas its pipes validate with.
 */
const committedPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'openapi.json');
let t: TestApp;
beforeAll(async () => {
  // With the stand-ins on (their routes must stay out of the reference all the same), and a web
  // app whose page browser navigations get: not the reference's.
  const webDir = mkdtempSync(join(tmpdir(), 'atendo-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>app</title>');
  t = await startTestApp({ SANDBOX: 'true', WEB_DIR: webDir });
}, 60_000);
afterAll(() => t.close());

it('is served at /api/docs/openapi.json exactly as committed (npm run openapi writes it)', async () => {
  const served = await t.request('GET', '/api/docs/openapi.json');
  expect(served.status).toBe(200);
  expect(served.body.openapi).toBe('3.1.0');
  expect(served.body).toEqual(JSON.parse(readFileSync(committedPath, 'utf8')));
  // Valid against the OpenAPI 3.1 schema itself.
  const validator = new Validator();
  const result = await validator.validate(structuredClone(served.body));
  expect(result).toEqual({ valid: true });
});

it('documents every route but the stand-ins, with bodies and queries from the schemas', async () => {
  const { paths } = (await t.request('GET', '/api/docs/openapi.json')).body as {
    paths: Record<string, Record<string, any>>;
  };
  const documented = Object.entries(paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  const standIn = /^\w+ \/(sandbox|payment-sandbox|v2\/projects)\//;
  const routes = registeredRoutes(t.app).map((r) => r.route);
  expect(documented.sort()).toEqual(routes.filter((r) => !standIn.test(r)).sort());
  expect(documented.some((r) => standIn.test(r))).toBe(false);

  const createPrompt = paths['/prompt'].post;
  expect(createPrompt.security).toEqual([{ bearer: [] }]);
  const schema = createPrompt.requestBody.content['application/json'].schema;
  expect(schema.required).toEqual(expect.arrayContaining(['name', 'prompt', 'model', 'apiKey', 'queueId']));
  expect(schema.properties.model.enum).toEqual(['gpt-3.5-turbo-1106', 'gpt-4o-mini']);
  expect(paths['/api/messages/send'].post.security).toEqual([]);
  expect(paths['/prompt'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['searchParam', 'pageNumber']),
  );
});

it('serves the interactive reference at /api/docs', async () => {
  const navigation = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
  const page = await t.request('GET', '/api/docs', { headers: navigation });
  expect(page.status).toBe(200);
  expect(String(page.body)).toContain('swagger-ui');
  expect(String((await t.request('GET', '/tickets', { headers: navigation })).body)).toContain('<title>app</title>');
});
