import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { CORS_METHODS } from '../src/common/cors.js';
import { IS_PUBLIC } from '../src/common/decorators.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PATH = 'path';
const METHOD = 'method';
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD'];

/** The routes that answer without a session. Adding one here is a deliberate, reviewed act. */
const PUBLIC_ROUTES = [
  'GET /health',
  'POST /auth/login',
  'POST /auth/refresh_token',
  'DELETE /auth/logout',
  'GET /plans/list',
  'POST /companies/cadastro',
  'POST /forgetpassword/:email',
  'POST /resetpasswords/:email/:token/:newPassword',
  // The payment provider's notifications: authenticated by the shared webhook token instead.
  'POST /subscription/webhook',
];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function registeredRoutes(): { route: string; isPublic: boolean }[] {
  const modules = t.app.get(ModulesContainer);
  const scanner = new MetadataScanner();
  const reflector = new Reflector();
  const routes: { route: string; isPublic: boolean }[] = [];
  const controllers = [...modules.values()].flatMap((m) => [...m.controllers.values()]);
  for (const wrapper of controllers) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const base = String(Reflect.getMetadata(PATH, metatype) ?? '');
    const prototype = Object.getPrototypeOf(instance);
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const path = Reflect.getMetadata(PATH, handler);
      if (path === undefined) continue;
      const method = METHODS[Reflect.getMetadata(METHOD, handler) as number];
      const full = `/${[base, String(path)]
        .map((p) => p.replace(/^\/+|\/+$/g, ''))
        .filter(Boolean)
        .join('/')}`;
      const isPublic = !!reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, metatype]);
      routes.push({ route: `${method} ${full}`, isPublic });
    }
  }
  return routes;
}

it('every route is either guarded or deliberately public', async () => {
  const routes = registeredRoutes();
  expect(routes.length).toBeGreaterThan(15);
  expect(
    routes
      .filter((r) => r.isPublic)
      .map((r) => r.route)
      .sort(),
  ).toEqual([...PUBLIC_ROUTES].sort());
  for (const { route } of routes.filter((r) => !r.isPublic)) {
    const [method, path] = route.split(' ');
    const res = await t.request(method, path.replace(/:\w+/g, '1'), {
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect({ route, status: res.status, body: res.body }).toEqual({
      route,
      status: 401,
      body: { error: 'ERR_INVALID_TOKEN' },
    });
  }
});

it('every method a route uses passes the cross-origin preflight', () => {
  const methods = new Set(registeredRoutes().map((r) => r.route.split(' ')[0]));
  expect([...methods].filter((method) => !CORS_METHODS.includes(method))).toEqual([]);
});
