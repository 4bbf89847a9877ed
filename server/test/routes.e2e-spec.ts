import { CORS_METHODS } from '../src/common/cors.js';
import { registeredRoutes } from './support/routes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** The routes that answer without a session. Adding one here is a deliberate, reviewed act. */
const PUBLIC_ROUTES = [
  'GET /health',
  // The probes, for load balancers and orchestrators.
  'GET /health/live',
  'GET /health/ready',
  // Prometheus: a route only with METRICS_TOKEN, which it checks itself (404 without it).
  'GET /metrics',
  'POST /auth/login',
  'POST /auth/refresh_token',
  'DELETE /auth/logout',
  'GET /plans/list',
  'POST /companies/cadastro',
  'POST /forgetpassword/:email',
  'POST /resetpasswords/:email/:token/:newPassword',
  // The payment provider's notifications: authenticated by the shared webhook token instead.
  'POST /subscription/webhook',
  // The external send API: authenticated by a connection's send token instead (COMPAT.md).
  'POST /api/messages/send',
  // The AI services' stand-ins (only with AI_PROVIDER=sandbox): keyed like the services they play.
  'POST /sandbox/openai/v1/chat/completions',
  'POST /sandbox/openai/v1/audio/transcriptions',
  'POST /sandbox/azure-tts/:region/cognitiveservices/v1',
  // Typebot's chat API stand-in (stand-ins on): public like a live bot's.
  'POST /sandbox/typebot/api/v1/typebots/:publicId/startChat',
  'POST /sandbox/typebot/api/v1/sessions/:sessionId/continueChat',
  // Dialogflow's detect intent stand-in (AI_PROVIDER=sandbox), on the path its client calls.
  'POST /v2/projects/:project/agent/sessions/:sessionAction',
];

let t: TestApp;
beforeAll(async () => {
  // With the stand-ins on, on both engines: their public routes are checked too.
  t = await startTestApp({ SANDBOX: 'true' });
});
afterAll(() => t.close());

it('every route is either guarded or deliberately public', async () => {
  const routes = registeredRoutes(t.app);
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
  const methods = new Set(registeredRoutes(t.app).map((r) => r.method));
  expect([...methods].filter((method) => !CORS_METHODS.includes(method))).toEqual([]);
});
