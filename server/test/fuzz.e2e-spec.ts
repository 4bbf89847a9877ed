import type { AnySchema } from 'yup';
import { recordOutbound } from './support/conversations.js';
import {
  answerProblem,
  FIELD_VALUES,
  PATH_VALUES,
  pathsOf,
  QUERY_KEYS,
  QUERY_VALUES,
  randomValues,
  rawBodies,
  validSample,
  withValue,
  type Hints,
  type RawBody,
} from './support/fuzz-inputs.js';
import { registeredRoutes, type RegisteredRoute } from './support/routes.js';
import { ADMIN, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

/**
 * Every registered route, as each identity that may call it, with wrong, hostile and malformed
 * path parameters, query parameters, body fields and whole bodies. Nothing may answer 500, and
 * every error answer must be the API's `{ error }` shape. Routes are found from the controllers'
 * metadata and their schemas from their pipes, so a new route is fuzzed without being listed here.
 * The inputs are fixed lists plus values drawn by fast-check from FUZZ_SEED, so a run is repeatable.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
/** Random values tried per field, on top of FIELD_VALUES. */
const RANDOM_PER_FIELD = 2;
const WEBHOOK_TOKEN = 'fuzz-webhook-token-0123456789';
const VICTIM = { email: 'fuzz-victim@fuzz.test', password: 'Fuzz-victim-1' };

let t: TestApp;
let routes: RegisteredRoute[];
/** The signed-in identities, by name; `anonymous` calls the public routes. */
const tokens: Record<string, string> = {};
/** A valid value for a path parameter, by the first path segment (`:id`) or by its name. */
let byResource: Record<string, number>;
let byParam: Record<string, string | number>;
let hints: Hints;
/** Fixtures the MariaDB cases below name. */
let fixtures: { contactId: number; ticketId: number; quickMessageId: number };

const ok = async <T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> => {
  const { status, body } = await res;
  if (status >= 300) throw new Error(`fixture ${what} failed: ${status} ${JSON.stringify(body)}`);
  return body;
};

/**
 * Fixtures the path parameters point at. The identities' own user and company are never among
 * them, so a successful PUT or DELETE only changes rows no later request depends on.
 */
async function createFixtures() {
  const superToken = (await t.login(ADMIN.email, ADMIN.password)).token;
  const as = (token: string) => (method: string, url: string, body?: unknown) =>
    t.request(method, url, { token, body });
  const root = as(superToken);
  const plan = await ok(root('POST', '/plans', { name: 'Fuzz plan', value: 10 }), 'plan');
  const victimPlan = await ok(root('POST', '/plans', { name: 'Fuzz victim plan' }), 'victim plan');
  const company = { email: 'fuzz-admin@fuzz.test', password: 'Fuzz-admin-1' };
  // Due within the invoicing horizon, so the company has an open invoice to pay.
  const dueDate = new Date(Date.now() + 5 * 86_400_000).toISOString();
  await ok(root('POST', '/companies', { name: 'Fuzz Co', ...company, planId: plan.id, dueDate }), 'company');
  const victimCompany = await ok(
    root('POST', '/companies', {
      name: 'Fuzz victim Co',
      email: 'fuzz-co@fuzz.test',
      password: 'Fuzz-co-1',
      planId: victimPlan.id,
    }),
    'victim company',
  );
  const admin = await t.login(company.email, company.password);
  const own = as(admin.token);
  const queue = await ok(own('POST', '/queue', { name: 'Fuzz queue', color: '#102030' }), 'queue');
  const whatsapp = await ok(
    own('POST', '/whatsapp', { name: 'Fuzz line', provider: 'sandbox', queueIds: [queue.id] }),
    'connection',
  );
  const user = await ok(own('POST', '/users', { name: 'Fuzz victim', ...VICTIM, queueIds: [queue.id] }), 'user');
  const contact = await ok(own('POST', '/contacts', { name: 'Fuzz contact', number: '5511987654321' }), 'contact');
  const ticket = await ok(
    own('POST', '/tickets', {
      contactId: contact.id,
      whatsappId: whatsapp.id,
      queueId: queue.id,
      userId: admin.user.id,
    }),
    'ticket',
  );
  const message = await ok(own('POST', `/messages/${ticket.id}`, { body: 'fuzz' }), 'message');
  const tag = await ok(own('POST', '/tags', { name: 'Fuzz tag' }), 'tag');
  const note = await ok(
    own('POST', '/ticket-notes', { note: 'Fuzz note', ticketId: ticket.id, contactId: contact.id }),
    'note',
  );
  const [invoice] = await ok(own('GET', '/invoices/all'), 'invoices');
  const help = await ok(root('POST', '/helps', { title: 'Fuzz help', video: 'dQw4w9WgXcQ' }), 'help');
  const announcement = await ok(root('POST', '/announcements', { title: 'Fuzz', text: 'Fuzz' }), 'announcement');
  const contactList = await ok(own('POST', '/contact-lists', { name: 'Fuzz list' }), 'contact list');
  const listItem = await ok(
    own('POST', '/contact-list-items', { contactListId: contactList.id, name: 'Fuzz item', number: '5511987654321' }),
    'contact list item',
  );
  const queueOption = await ok(own('POST', '/queue-options', { queueId: queue.id, title: 'Fuzz option' }), 'option');
  const chat = await ok(own('POST', '/chats', { title: 'Fuzz chat', users: [{ id: user.id }] }), 'chat');
  const quickMessage = await ok(own('POST', '/quick-messages', { shortcode: 'fuzz', geral: true }), 'quick message');
  const fileList = await ok(
    own('POST', '/files', { name: 'Fuzz list', message: 'Fuzz', options: [{ name: 'Fuzz file' }] }),
    'file list',
  );
  const schedule = await ok(
    own('POST', '/schedules', {
      body: 'Fuzz schedule',
      contactId: contact.id,
      sendAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    }),
    'schedule',
  );
  const campaign = await ok(own('POST', '/campaigns', { name: 'Fuzz campaign' }), 'campaign');

  tokens.admin = admin.token;
  fixtures = {
    contactId: contact.id,
    ticketId: ticket.id,
    quickMessageId: quickMessage.id,
  };
  // The send API's bearer is a connection's send token.
  tokens.api = whatsapp.token;
  tokens.super = superToken;
  byResource = {
    plans: victimPlan.id,
    users: user.id,
    companies: victimCompany.id,
    queue: queue.id,
    tickets: ticket.id,
    messages: message.id,
    contacts: contact.id,
    'ticket-notes': note.id,
    whatsapp: whatsapp.id,
    whatsappsession: whatsapp.id,
    helps: help.id,
    announcements: announcement.id,
    'contact-lists': contactList.id,
    'contact-list-items': listItem.id,
    'queue-options': queueOption.id,
    chats: chat.id,
    'quick-messages': quickMessage.id,
    files: fileList.id,
    schedules: schedule.id,
    campaigns: campaign.id,
  };
  byParam = {
    ticketId: ticket.id,
    tagId: tag.id,
    whatsappId: whatsapp.id,
    companyId: victimCompany.id,
    invoiceId: invoice.id,
    uuid: ticket.uuid,
    key: 'asaas',
    lang: 'en',
    number: '5511987654321',
    email: VICTIM.email,
    token: 'FUZZ12',
    newPassword: VICTIM.password,
    optionId: fileList.options[0].id,
  };
  hints = {
    email: [VICTIM.email],
    password: [VICTIM.password],
    confirmPassword: [VICTIM.password],
    newPassword: [VICTIM.password],
    color: ['#1a2b3c'],
    phone: ['(11) 98765-4321'],
    from: ['5511912345678'],
    number: ['5511987654321'],
    video: ['dQw4w9WgXcQ'],
    taxId: ['52998224725'],
    provider: ['sandbox'],
    dueDate: ['2030-12-31'],
    startTime: ['08:00'],
    endTime: ['18:00'],
    initialDate: ['2026-01-01'],
    date_from: ['2026-01-01'],
    date_to: ['2026-01-31'],
    finalDate: ['2026-01-31'],
    id: [tag.id, 'FUZZ-1'],
    mimetype: ['image/png'],
    url: [`${t.url}/health`],
    code: ['FUZZ12'],
    token: ['fuzz-connection-token-0123456789ab'],
    queueIds: [[queue.id]],
    ticketId: [ticket.id],
    contactId: [contact.id],
    contactListId: [contactList.id],
    whatsappId: [whatsapp.id],
    queueId: [queue.id],
    userId: [user.id],
    planId: [plan.id],
    invoiceId: [invoice.id],
    // A flow block's data and look (checked per type by the graph's validation, not the schema).
    data: [{ label: 'Inicio do fluxo' }],
    style: [{}],
  };
}

beforeAll(async () => {
  t = await startTestApp({
    SANDBOX: 'true',
    PAYMENT_PROVIDER: 'sandbox',
    PAYMENT_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    LOGIN_LIMIT_PER_IP: '1000000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000000',
    SIGNUP_LIMIT_PER_IP: '1000000',
    RESET_LIMIT_PER_IP: '1000000',
    RESET_LIMIT_PER_ACCOUNT: '1000000',
    EXTERNAL_API_LIMIT_PER_SECOND: '100000',
  });
  recordOutbound(t);
  await createFixtures();
  // Deletions last, so every other route still finds the rows its parameters point at.
  routes = registeredRoutes(t.app).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}, 120_000);
afterAll(() => t?.close());

interface Call {
  who: string;
  method: string;
  url: string;
  body?: RawBody;
}

async function send(call: Call): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { accept: 'application/json', 'asaas-access-token': WEBHOOK_TOKEN };
  if (tokens[call.who]) headers.authorization = `Bearer ${tokens[call.who]}`;
  if (call.body?.contentType) headers['content-type'] = call.body.contentType;
  const res = await t.app
    .getHttpAdapter()
    .getInstance()
    .inject({ method: call.method as 'GET', url: call.url, headers, payload: call.body?.payload });
  return { status: res.statusCode, text: res.body };
}

const jsonBody = (label: string, value: unknown): RawBody => ({
  label,
  contentType: 'application/json',
  payload: JSON.stringify(value),
});

/**
 * The route's path with each parameter valid, or `param` replaced by `raw`. A parameter no fixture
 * names (a new resource) gets 1: its pipes are fuzzed all the same, its service less deeply.
 */
function urlOf(route: RegisteredRoute, replace?: { param: string; raw: string }): string {
  const resource = route.path.split('/')[1];
  return route.path.replace(/:(\w+)/g, (_, param: string) => {
    if (replace?.param === param) return replace.raw;
    const valid = param === 'id' ? byResource[resource] : byParam[param];
    return encodeURIComponent(String(valid ?? 1));
  });
}

const queryString = (query: Record<string, unknown>) =>
  Object.entries(query)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value])
        .filter((v) => v === null || typeof v !== 'object')
        .map((v) => `${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`),
    )
    .join('&');

/** Sample inputs of a route: from its pipes' schemas, else the fields its 400 to `{}` names. */
async function samplesOf(route: RegisteredRoute, who: string) {
  const build = async (schema: AnySchema | undefined): ReturnType<typeof validSample> =>
    schema ? validSample(schema, hints) : { full: {}, value: {}, problems: [] };
  const body = await build(route.schemas.body);
  if (!route.schemas.body && route.method !== 'GET') {
    const res = await send({ who, method: route.method, url: urlOf(route), body: jsonBody('{}', {}) });
    const named = res.status === 400 ? (JSON.parse(res.text).fields ?? []) : [];
    for (const { field } of named as { field: string }[]) {
      body.full[field] = body.value[field] = hints[field]?.[0] ?? `fuzz-${field}`;
    }
  }
  return { body, query: await build(route.schemas.query) };
}

/**
 * Every call of one route for one identity. Body parsing and the pipes do not depend on who calls,
 * so only the first identity past the guards (`thorough`) gets the body and query mutations; the
 * others get the valid input and the path and query-key mutations, which reach what differs
 * between identities: the services.
 */
async function* callsOf(route: RegisteredRoute, who: string, thorough: boolean): AsyncGenerator<Call> {
  const { body, query } = await samplesOf(route, who);
  const hasBody = route.method !== 'GET';
  const validBody = hasBody ? jsonBody('valid sample', body.value) : undefined;
  const base = urlOf(route);
  const validQuery = queryString(query.value);
  const at = (url: string, ...q: string[]) => [url, q.filter(Boolean).join('&')].filter(Boolean).join('?');
  yield { who, method: route.method, url: at(base, validQuery), body: validBody };

  for (const param of route.params) {
    for (const raw of PATH_VALUES)
      yield { who, method: route.method, url: urlOf(route, { param, raw }), body: validBody };
  }
  for (const keys of QUERY_KEYS) yield { who, method: route.method, url: at(base, validQuery, keys) };
  if (!thorough) return;

  const queryFields = route.schemas.query ? pathsOf(query.full).filter((p) => !p.includes('[')) : [];
  for (const field of queryFields) {
    const rest = { ...query.value };
    delete rest[field];
    const key = encodeURIComponent(field);
    const forms = [...QUERY_VALUES.map((v) => `${key}=${v}`), `${key}=1&${key}=2`, `${key}=a&${key}=b`, `${key}[]=1`];
    for (const form of forms) yield { who, method: route.method, url: at(base, queryString(rest), form) };
  }
  if (!hasBody) return;
  for (const raw of rawBodies(body.value)) yield { who, method: route.method, url: base, body: raw };
  for (const path of pathsOf(body.full)) {
    const values = [...FIELD_VALUES, ...randomValues(SEED, `${route.route} ${path}`, RANDOM_PER_FIELD)];
    for (const value of values) {
      const label = `${path} = ${JSON.stringify(value)?.slice(0, 80)}`;
      yield {
        who,
        method: route.method,
        url: base,
        body: jsonBody(label, withValue(body.value, body.full, path, value)),
      };
    }
  }
  for (const [i, value] of randomValues(SEED, route.route, 5).entries()) {
    yield {
      who,
      method: route.method,
      url: base,
      body: jsonBody(`random body ${i}: ${JSON.stringify(value).slice(0, 80)}`, value),
    };
  }
}

/** The identities that get past the route's guards: a 403 there means no pipe would ever run. */
async function callersOf(route: RegisteredRoute): Promise<string[]> {
  if (route.path.startsWith('/api/')) return ['api'];
  if (route.isPublic) return ['anonymous'];
  const callers: string[] = [];
  for (const who of ['admin', 'super']) {
    const body = route.method === 'GET' ? undefined : jsonBody('probe', { constructor: 1 });
    const probe = await send({ who, method: route.method, url: urlOf(route), body });
    if (probe.status !== 403) callers.push(who);
  }
  return callers;
}

it('finds the routes and builds a valid sample input for each schema it validates with', async () => {
  expect(routes.length).toBeGreaterThan(80);
  const invalid: string[] = [];
  for (const route of routes) {
    for (const [where, schema] of Object.entries(route.schemas)) {
      if (!schema || where === 'params') continue;
      const { problems } = await validSample(schema, hints);
      if (problems.length) invalid.push(`${route.route} ${where}: ${problems.join('; ')}`);
    }
  }
  expect(invalid).toEqual([]);
});

it('answers no route with a 500 nor an error outside the API shape, whatever the input', async () => {
  const failures: string[] = [];
  for (const route of routes) {
    for (const [i, who] of (await callersOf(route)).entries()) {
      for await (const call of callsOf(route, who, i === 0)) {
        const { status, text } = await send(call);
        const problem = answerProblem(status, text);
        if (problem) {
          const input = `${call.method} ${call.url.slice(0, 200)} body ${call.body?.label.slice(0, 120) ?? '-'}`;
          failures.push(`${problem}: ${route.route} as ${who}: ${input} → ${status} ${text.slice(0, 200)}`);
        }
      }
    }
  }
  expect(failures).toEqual([]);
}, 900_000);

/**
 * Inputs that answered 500 on MariaDB only (SQLite took them), and one that answered 502: each as
 * its own call, so a run under DB_URL shows which engine-specific limit gave way. The generic run
 * above tries the same values (FIELD_VALUES) on every field.
 */
describe('inputs MariaDB took differently', () => {
  const as = (method: string, url: string, body?: unknown) =>
    send({ who: 'admin', method, url, body: jsonBody('case', body) });
  const parse = (res: { status: number; text: string }) => ({ status: res.status, body: JSON.parse(res.text) });

  it('edits a chat keeping the same members, again and again', async () => {
    // Its own chat and member: the run above may have deleted the fixtures'.
    const member = parse(
      await as('POST', '/users', {
        name: 'Fuzz member',
        email: 'fuzz-member@fuzz.test',
        password: 'Fuzz-member-1',
        queueIds: [],
      }),
    );
    const chat = parse(await as('POST', '/chats', { title: 'Fuzz chat 2', users: [{ id: member.body.id }] }));
    expect(chat.status).toBeLessThan(300);
    const body = { title: 'Fuzz chat 2', users: [{ id: member.body.id }] };
    for (let i = 0; i < 3; i++) {
      expect(parse(await as('PUT', `/chats/${chat.body.id}`, body))).toMatchObject({ status: 200 });
    }
  });

  it('saves campaign settings from many requests at once, every one answered', async () => {
    const settings = { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 20, variables: [] };
    for (let round = 0; round < 4; round++) {
      // A new company each round: its rows do not exist yet, and every request races to create them.
      const company = await signupCompany(t, `Fuzz settings ${round}`);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.request('POST', '/campaign-settings', {
            token: company.token,
            body: { settings: { ...settings, dailyLimit: round * 12 + i } },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const saved = await t.request('GET', '/campaign-settings', { token: company.token });
      expect(saved.body).toHaveLength(5);
    }
  });

  it.each([
    ['POST', '/schedules', 'body', () => ({ contactId: fixtures.contactId, sendAt: '2099-01-01T10:00:00Z' })],
    ['POST', '/quick-messages/:quickMessageId/send', 'body', () => ({ ticketId: fixtures.ticketId })],
    ['POST', '/messages/:ticketId', 'body', () => ({})],
    ['POST', '/campaigns', 'message1', () => ({ name: 'Fuzz 4-byte' })],
  ])(
    'refuses %s %s whose %s is 16,384 four-byte characters, naming it (a TEXT holds 65,535 bytes)',
    async (method, path, field, rest) => {
      const url = path
        .replace(':ticketId', String(fixtures.ticketId))
        .replace(':quickMessageId', String(fixtures.quickMessageId));
      const res = parse(await as(method, url, { ...rest(), [field]: '😀'.repeat(16_384) }));
      expect(res).toMatchObject({
        status: 400,
        body: {
          fields: expect.arrayContaining([expect.objectContaining({ field, message: 'validation.tooManyBytes' })]),
        },
      });
      // One fewer fits the column, and is stored whole.
      const fits = await as(method, url, { ...rest(), [field]: '😀'.repeat(16_383) });
      expect(fits.status).not.toBe(500);
    },
  );

  it("refuses a schedule's sendAt whose every part is out of range", async () => {
    const res = parse(
      await as('POST', '/schedules', {
        body: 'Fuzz schedule',
        contactId: fixtures.contactId,
        sendAt: '9999-99-99T99:99:99Z',
      }),
    );
    expect(res).toMatchObject({ status: 400, body: { fields: [{ field: 'sendAt', message: 'validation.date' }] } });
  });

  it('refuses a Dialogflow project name no Google Cloud project has (400, not 502)', async () => {
    const res = parse(
      await as('POST', '/queueIntegration/testSession', {
        projectName: 'projeção-loja',
        // Credentials of the right shape: without the check they are tried, and fail as unreachable (502).
        jsonContent: JSON.stringify({
          type: 'service_account',
          project_id: 'loja',
          client_email: 'bot@loja.iam.gserviceaccount.com',
          private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
          token_uri: 'http://10.0.0.1/token',
        }),
        language: 'pt-BR',
      }),
    );
    expect(res).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'projectName', message: 'validation.invalid' }] },
    });
  });
});
