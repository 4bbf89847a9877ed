import { DataSource } from 'typeorm';
import type { FlowEdge, FlowNode } from '@atendo/shared';
import { MessageEntity } from '../src/modules/conversations/entities/message.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { TicketNoteEntity } from '../src/modules/conversations/entities/ticket-note.entity.js';
import { FlowEntity, FlowRunEntity, FlowVersionEntity } from '../src/modules/flows/entities/flow.entity.js';
import { AiAgent } from '../src/modules/ai/ai-agent.js';
import { FlowRunner } from '../src/modules/flows/flow-runner.js';
import { IntegrationBots } from '../src/modules/integrations/integration-bots.js';
import { WhatsappEntity } from '../src/modules/whatsapp/entities/whatsapp.entity.js';
import {
  conversationCompany,
  inbound,
  recordOutbound,
  settle,
  sinkOf,
  type ConversationCompany,
  type RecordingPort,
} from './support/conversations.js';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

/**
 * The flow builder: flows and their published versions, the blocks' uploads, phrase campaigns, the
 * Test panel, and conversations run by the flows' runtime (through the recording gateway).
 */
let t: TestApp;
let port: RecordingPort;
let co: ConversationCompany;

beforeAll(async () => {
  t = await startTestApp({ SANDBOX: 'true', AI_PROVIDER: 'sandbox' });
  port = recordOutbound(t);
  co = await conversationCompany(t, 'Fluxos');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.get(DataSource);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const node = (id: string, type: FlowNode['type'], data: Record<string, unknown> = {}, x = 0): FlowNode => ({
  id,
  type,
  data,
  position: { x, y: 100 },
});
const line = (source: string, target: string, sourceHandle = 'a'): FlowEdge => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  target,
  sourceHandle,
});

/** Start → greeting → menu (1: question → thanks → Support queue; 2: Sales queue). */
function triage(greeting = 'Olá! Sou o assistente.') {
  return {
    nodes: [
      node('1', 'start', { label: 'Inicio do fluxo' }, 250),
      node('hi', 'message', { label: greeting }),
      node('menu', 'menu', {
        message: 'Como posso ajudar?',
        arrayOption: [
          { number: 1, value: 'Pedido' },
          { number: 2, value: 'Vendas' },
        ],
      }),
      node('ask', 'question', { typebotIntegration: { message: 'Qual o número do pedido?', answerKey: 'pedido' } }),
      node('thanks', 'message', { label: 'Pedido {{pedido}} anotado, obrigado!' }),
      node('support', 'ticket', { data: { id: co.support } }),
      node('sales', 'ticket', { data: { id: co.sales } }),
    ],
    connections: [
      line('1', 'hi'),
      line('hi', 'menu'),
      line('menu', 'ask', 'a1'),
      line('menu', 'sales', 'a2'),
      line('ask', 'thanks'),
      line('thanks', 'support'),
    ],
  };
}

async function createFlow(name: string, token = co.admin.token) {
  const res = await t.request('POST', '/flowbuilder', { token, body: { name } });
  if (res.status !== 201) throw new Error(`flow: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; version: number };
}

async function saveFlow(id: number, graph: { nodes: FlowNode[]; connections: FlowEdge[] }) {
  return t.request('POST', '/flowbuilder/flow', { token: co.admin.token, body: { idFlow: id, ...graph } });
}

function upload(kind: string, files: { name: string; data: Buffer }[], token = co.admin.token) {
  const boundary = '----atendo-flow';
  const payload = Buffer.concat([
    ...files.flatMap((f) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return t.request('POST', `/flowbuilder/${kind}`, {
    token,
    body: payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

let customer = 0;
const newNumber = () => `55119${String(6000000 + ++customer).padStart(8, '0')}`;
/** The customer writes; resolves once the flow's turn is over. */
async function says(number: string, body: string, whatsappId = co.salesLine) {
  await sinkOf(t).message(inbound(co.companyId, whatsappId, { number, name: 'Cliente' }, body));
  await t.app.get(FlowRunner).idle();
  await t.app.get(AiAgent).idle();
  await t.app.get(IntegrationBots).idle();
  await t.app.get(FlowRunner).idle();
  await t.app.get(IntegrationBots).idle();
}
const heard = (number: string) => port.sent.filter((s) => s.to.number === number).map((s) => s.body);
const ticketOf = (number: string) =>
  db()
    .getRepository(TicketEntity)
    .findOneOrFail({ where: { contact: { number } }, relations: { contact: true }, order: { id: 'DESC' } });

async function phrase(flowId: number, text: string, whatsappId = co.salesLine) {
  const res = await t.request('POST', '/flowcampaign', {
    token: co.admin.token,
    body: { name: `Frase ${text}`, flowId, whatsappId, phrase: text, status: true },
  });
  if (res.status !== 201) throw new Error(`phrase: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}

/** A flow drawn and saved (its first version). */
async function drawn(name: string, graph: { nodes: FlowNode[]; connections: FlowEdge[] }) {
  const flow = await createFlow(name);
  const saved = await saveFlow(flow.id, graph);
  if (saved.status !== 200) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
  return flow;
}

/** A flow drawn, saved and started by a phrase on a connection. */
async function phrased(
  name: string,
  graph: { nodes: FlowNode[]; connections: FlowEdge[] },
  text: string,
  whatsappId = co.salesLine,
) {
  const flow = await drawn(name, graph);
  await phrase(flow.id, text, whatsappId);
  return flow;
}

/** A flow whose drawing is put straight into its first version, as saves before the checks kept them. */
async function stored(name: string, graph: { nodes: FlowNode[]; connections: FlowEdge[] }, text: string) {
  const flow = await createFlow(name);
  await db()
    .getRepository(FlowVersionEntity)
    .insert({
      companyId: co.companyId,
      flowId: flow.id,
      version: 1,
      graph: JSON.stringify(graph),
    });
  await db().getRepository(FlowEntity).update({ id: flow.id }, { version: 1 });
  await phrase(flow.id, text);
  return flow;
}

/** Another company's queue, Typebot integration, AI prompt and uploaded image. */
async function foreignRefs() {
  const them = await signupCompany(t, `Vizinha ${Date.now()}`);
  const as = (method: string, url: string, body: unknown) => t.request(method, url, { token: them.token, body });
  const queue = (await as('POST', '/queue', { name: 'Deles', color: '#123456' })).body.id as number;
  const integration = await as('POST', '/queueIntegration', {
    type: 'typebot',
    name: 'Robô deles',
    urlN8N: `${t.url}/sandbox/typebot`,
    typebotSlug: 'deles',
    typebotDelayMessage: 0,
  });
  const prompt = await as('POST', '/prompt', {
    name: 'Assistente deles',
    prompt: 'Você é a assistente virtual de outra loja. Responda sobre pedidos e entregas, sempre em português.',
    model: 'gpt-4o-mini',
    maxTokens: 100,
    temperature: 1,
    apiKey: 'sk-their-key-0123456789',
    queueId: queue,
    maxMessages: 10,
    voice: 'texto',
    voiceKey: '',
    voiceRegion: '',
  });
  const image = await upload('img', [{ name: 'deles.png', data: PNG }], them.token);
  expect([integration.status, prompt.status, image.status]).toEqual([201, 201, 201]);
  return {
    queue,
    integration: integration.body.id as number,
    prompt: prompt.body.id as number,
    url: image.body.url as string,
  };
}

describe('/flowbuilder', () => {
  it('creates, lists, searches, renames, duplicates and deletes flows', async () => {
    const flow = await createFlow('Boas-vindas');
    expect(flow).toMatchObject({ name: 'Boas-vindas', version: 0, active: false });
    await createFlow('Cobrança');
    const found = await t.request('GET', '/flowbuilder?searchParam=boas', { token: co.admin.token });
    expect(found.body).toMatchObject({ count: 1, hasMore: false, flows: [{ id: flow.id }] });
    const renamed = await t.request('PUT', '/flowbuilder', {
      token: co.admin.token,
      body: { flowId: flow.id, name: 'Recepção' },
    });
    expect(renamed.body.name).toBe('Recepção');
    expect((await saveFlow(flow.id, triage())).status).toBe(200);
    const copy = await t.request('POST', '/flowbuilder/duplicate', {
      token: co.admin.token,
      body: { flowId: flow.id },
    });
    expect(copy.body).toMatchObject({ name: 'Recepção (cópia)', version: 1 });
    const copied = await t.request('GET', `/flowbuilder/flow/${copy.body.id}`, { token: co.admin.token });
    expect(copied.body.flow.flow.nodes).toHaveLength(7);
    expect((await t.request('DELETE', `/flowbuilder/${copy.body.id}`, { token: co.admin.token })).status).toBe(200);
    expect((await t.request('GET', `/flowbuilder/flow/${copy.body.id}`, { token: co.admin.token })).status).toBe(404);
    const short = await t.request('POST', '/flowbuilder', { token: co.admin.token, body: { name: 'x' } });
    expect([short.status, short.body.fields]).toEqual([
      400,
      [{ field: 'name', message: 'validation.tooShort', params: { min: 2 } }],
    ]);
  });

  it('publishes each save as a version after checking the drawing, naming the block at fault', async () => {
    const flow = await createFlow('Versões');
    const empty = await t.request('GET', `/flowbuilder/flow/${flow.id}`, { token: co.admin.token });
    expect(empty.body.flow).toMatchObject({ id: flow.id, version: 0, flow: null });
    const broken = triage();
    broken.nodes[1].data = { label: '' };
    broken.connections.push(line('menu', 'thanks', 'a7'));
    const refused = await saveFlow(flow.id, broken);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      { field: 'data.label', message: 'validation.required', params: { node: 'hi', type: 'message' } },
      {
        field: 'connections.sourceHandle',
        message: 'validation.oneOf',
        params: { edge: 'menu-a7-thanks', node: 'menu', type: 'menu' },
      },
    ]);
    const noStart = await saveFlow(flow.id, { nodes: [node('m', 'message', { label: 'x' })], connections: [] });
    expect(noStart.body.fields).toEqual([
      { field: 'nodes', message: 'validation.required', params: { node: '1', type: 'start' } },
    ]);
    const saved = await saveFlow(flow.id, triage());
    expect(saved.body.flow).toMatchObject({ version: 1, flow: { nodes: expect.any(Array) } });
    expect((await saveFlow(flow.id, triage('Oi de novo'))).body.flow.version).toBe(2);
    const read = await t.request('GET', `/flowbuilder/flow/${flow.id}`, { token: co.admin.token });
    expect(read.body.flow.flow.nodes[1].data.label).toBe('Oi de novo');
    // Malformed bodies answer 400 on their field, never 500.
    for (const body of [
      { idFlow: flow.id, nodes: 'x', connections: [] },
      { idFlow: flow.id, nodes: [{ id: 'a', type: 'nope', position: { x: 0, y: 0 }, data: {} }], connections: [] },
      { idFlow: flow.id, nodes: [{ id: '1', type: 'start', position: { x: 'a', y: 0 }, data: {} }], connections: [] },
      { idFlow: flow.id, nodes: [{ id: '1', type: 'menu', position: { x: 0, y: 0 }, data: 5 }], connections: [] },
    ]) {
      const res = await t.request('POST', '/flowbuilder/flow', { token: co.admin.token, body });
      expect([res.status, res.body.error]).toEqual([400, 'ERR_VALIDATION']);
    }
  });

  it("refuses another company's queue, integration, prompt and files, naming each block", async () => {
    const theirs = await foreignRefs();
    const flow = await createFlow('Ids alheios');
    const refused = await saveFlow(flow.id, {
      nodes: [
        node('1', 'start'),
        node('q', 'ticket', { data: { id: theirs.queue } }),
        node('bot', 'typebot', { integrationId: theirs.integration }),
        node('ai', 'openai', { promptId: theirs.prompt }),
        node('pic', 'img', { url: theirs.url }),
        node('far', 'video', { url: `https://elsewhere.test${theirs.url}` }),
        node('mix', 'singleBlock', {
          seq: ['m', 'p'],
          elements: [
            { type: 'message', value: 'Veja', number: 'm' },
            { type: 'img', value: theirs.url, number: 'p' },
          ],
        }),
        node('missing', 'ticket', { data: { id: 999_999 } }),
      ],
      connections: [line('1', 'bot'), line('bot', 'ai'), line('ai', 'pic'), line('pic', 'far'), line('far', 'mix')],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      { field: 'data.data.id', message: 'validation.oneOf', params: { node: 'q', type: 'ticket' } },
      { field: 'data.integrationId', message: 'validation.oneOf', params: { node: 'bot', type: 'typebot' } },
      { field: 'data.promptId', message: 'validation.oneOf', params: { node: 'ai', type: 'openai' } },
      { field: 'data.url', message: 'validation.oneOf', params: { node: 'pic', type: 'img' } },
      { field: 'data.url', message: 'validation.oneOf', params: { node: 'far', type: 'video' } },
      { field: 'data.elements[1].value', message: 'validation.oneOf', params: { node: 'mix', type: 'singleBlock' } },
      { field: 'data.data.id', message: 'validation.oneOf', params: { node: 'missing', type: 'ticket' } },
    ]);
    expect((await t.request('GET', `/flowbuilder/flow/${flow.id}`, { token: co.admin.token })).body.flow).toMatchObject(
      { version: 0, flow: null },
    );
    // The company's own file is taken.
    const own = await upload('img', [{ name: 'nossa.png', data: PNG }]);
    const saved = await saveFlow(flow.id, {
      nodes: [
        node('1', 'start'),
        node('pic', 'img', { url: own.body.url }),
        node('q', 'ticket', { data: { id: co.sales } }),
      ],
      connections: [line('1', 'pic'), line('pic', 'q')],
    });
    expect(saved.status).toBe(200);
  });

  it('keeps the blocks files, proved by their bytes, within each kind cap', async () => {
    const img = await upload('img', [{ name: 'logo.png', data: PNG }]);
    expect(img.status).toBe(201);
    expect(img.body).toMatchObject({ name: 'logo.png', mimetype: 'image/png' });
    expect(img.body.url).toMatch(new RegExp(`^/public/company${co.companyId}/`));
    const fake = await upload('img', [{ name: 'page.png', data: Buffer.from('<html><script>alert(1)</script>') }]);
    expect([fake.status, fake.body.fields]).toEqual([400, [{ field: 'medias', message: 'validation.fileType' }]]);
    const wrongKind = await upload('audio', [{ name: 'logo.mp3', data: PNG }]);
    expect(wrongKind.body.fields).toEqual([{ field: 'medias', message: 'validation.fileType' }]);
    const big = await upload('img', [{ name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) }]);
    expect(big.body.fields).toEqual([{ field: 'medias', message: 'validation.fileTooLarge', params: { max: 2 } }]);
    const content = await upload('content', [
      { name: 'a.png', data: PNG },
      { name: 'b.png', data: PNG },
    ]);
    expect(content.status).toBe(201);
    expect(content.body.map((f: { name: string }) => f.name)).toEqual(['a.png', 'b.png']);
    const none = await upload('img', []);
    expect(none.body.fields).toEqual([{ field: 'medias', message: 'validation.required' }]);
  });

  it("answers 404 for another company's flows and phrases, 403 to agents", async () => {
    const other = await signupCompany(t, 'Outros');
    const mine = await createFlow('Meu fluxo');
    const myPhrase = await phrase(mine.id, 'segredo');
    for (const [method, path, body] of [
      ['GET', `/flowbuilder/flow/${mine.id}`, undefined],
      ['DELETE', `/flowbuilder/${mine.id}`, undefined],
      ['PUT', '/flowbuilder', { flowId: mine.id, name: 'Roubado' }],
      ['POST', '/flowbuilder/duplicate', { flowId: mine.id }],
      ['POST', '/flowbuilder/flow', { idFlow: mine.id, ...triage() }],
      ['GET', `/flowcampaign/${myPhrase.id}`, undefined],
      ['DELETE', `/flowcampaign/${myPhrase.id}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { token: other.token, body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect(await t.request('GET', '/flowcampaign', { token: other.token })).toEqual(
      expect.objectContaining({ status: 200, body: { flow: [] } }),
    );
    // Their phrase cannot point at this company's flow or connection.
    const theirs = await t.request('POST', '/flowcampaign', {
      token: other.token,
      body: { name: 'Deles', flowId: mine.id, whatsappId: co.salesLine, phrase: 'oi' },
    });
    expect([theirs.status, theirs.body.fields]).toEqual([
      400,
      [
        { field: 'flowId', message: 'validation.oneOf' },
        { field: 'whatsappId', message: 'validation.oneOf' },
      ],
    ]);
    expect((await t.request('GET', '/flowbuilder', { token: co.seller.token })).status).toBe(403);
    expect((await t.request('GET', '/flowcampaign', { token: co.seller.token })).status).toBe(403);
  });

  it('runs a draft in the Test panel without storing or sending anything', async () => {
    const graph = triage();
    const sentBefore = port.sent.length;
    const first = await t.request('POST', '/flowbuilder/test', {
      token: co.admin.token,
      body: { ...graph, position: null },
    });
    expect(first.status).toBe(200);
    expect(first.body.replies.map((r: { body: string }) => r.body)).toEqual([
      'Olá! Sou o assistente.',
      'Como posso ajudar?\n\n[1] - Pedido\n[2] - Vendas',
    ]);
    expect(first.body.position).toEqual({ nodeId: 'menu', waiting: 'menu', variables: {}, done: false });
    const asked = await t.request('POST', '/flowbuilder/test', {
      token: co.admin.token,
      body: { ...graph, position: first.body.position, text: '1' },
    });
    const answered = await t.request('POST', '/flowbuilder/test', {
      token: co.admin.token,
      body: { ...graph, position: asked.body.position, text: '77' },
    });
    expect(answered.body.replies).toEqual([
      { kind: 'text', nodeId: 'thanks', body: 'Pedido 77 anotado, obrigado!' },
      { kind: 'queue', nodeId: 'support', queueId: co.support },
    ]);
    expect(answered.body.position).toMatchObject({ done: true, variables: { pedido: '77' } });
    expect(port.sent.length).toBe(sentBefore);
    const bad = await t.request('POST', '/flowbuilder/test', {
      token: co.admin.token,
      body: { nodes: [], connections: [], position: { nodeId: 5, waiting: 'x', variables: [], done: 'no' } },
    });
    expect(bad.status).toBe(400);
  });
});

describe('phrase-triggered flows', () => {
  it('a phrase starts the flow; a wrong menu answer repeats it; an answer is reused; a ticket block routes', async () => {
    await phrased('Atendimento', triage(), 'Quero Ajuda');
    const number = newNumber();
    // Not the phrase: the flow stays out.
    await says(number, 'bom dia');
    expect(heard(number)).toEqual([]);
    // Whole words, case and accents aside.
    await says(number, 'Olá, QUERO ajúda por favor');
    expect(heard(number)).toEqual(['Olá! Sou o assistente.', 'Como posso ajudar?\n\n[1] - Pedido\n[2] - Vendas']);
    const listed = await t.request('GET', '/flowbuilder?searchParam=atendimento', { token: co.admin.token });
    expect(listed.body.flows[0].active).toBe(true);
    await says(number, '5');
    expect(heard(number).slice(2)).toEqual(['Como posso ajudar?\n\n[1] - Pedido\n[2] - Vendas']);
    await says(number, '1');
    await says(number, 'A-1234');
    expect(heard(number).slice(3)).toEqual(['Qual o número do pedido?', 'Pedido A-1234 anotado, obrigado!']);
    const ticket = await ticketOf(number);
    expect(ticket).toMatchObject({ queueId: co.support, status: 'pending', userId: null });
    const run = await db().getRepository(FlowRunEntity).findOneByOrFail({ ticketId: ticket.id });
    expect(run).toMatchObject({ status: 'done', liveTicketId: null, variables: '{"pedido":"A-1234"}' });
    // Over: later words are the agents'.
    await says(number, 'alô?');
    expect(heard(number)).toHaveLength(5);
    // The flow's messages are the ticket's like any other.
    const stored = await db()
      .getRepository(MessageEntity)
      .find({ where: { ticketId: ticket.id, fromMe: true }, order: { id: 'ASC' } });
    expect(stored.map((m) => m.body)).toEqual(heard(number));
  });

  it('a conversation keeps the version it started on; an agent accepting the ticket stops the flow', async () => {
    const flow = await phrased('Versão fixa', triage('Versão um'), 'versao fixa');
    const number = newNumber();
    await says(number, 'versao fixa');
    expect(heard(number)[0]).toBe('Versão um');
    // A new version with other options: this conversation still answers the first one's menu.
    const changed = triage('Versão dois');
    (changed.nodes[2].data as { arrayOption: unknown[] }).arrayOption = [{ number: 3, value: 'Outro' }];
    changed.connections = changed.connections.filter((c) => c.source !== 'menu');
    changed.connections.push(line('menu', 'ask', 'a3'));
    expect((await saveFlow(flow.id, changed)).status).toBe(200);
    await says(number, '1');
    expect(heard(number).at(-1)).toBe('Qual o número do pedido?');
    // A new customer gets the new version.
    const other = newNumber();
    await says(other, 'versao fixa');
    expect(heard(other)[0]).toBe('Versão dois');
    const ticket = await ticketOf(other);
    const accepted = await t.request('PUT', `/tickets/${ticket.id}`, {
      token: co.seller.token,
      body: { status: 'open', userId: co.seller.id },
    });
    expect(accepted.status).toBe(200);
    await says(other, '3');
    expect(heard(other)).toHaveLength(2);
    expect(await db().getRepository(FlowRunEntity).findOneByOrFail({ ticketId: ticket.id })).toMatchObject({
      status: 'done',
      liveTicketId: null,
    });
  });

  it('an interval waits on the job queue, and a block that fails leaves the ticket to people with a note', async () => {
    await phrased(
      'Com pausa',
      {
        nodes: [
          node('1', 'start'),
          node('a', 'message', { label: 'Um momento…' }),
          node('wait', 'interval', { sec: 1 }),
          node('b', 'message', { label: 'Pronto!' }),
          node('gone', 'img', { url: `/public/company${co.companyId}/missing/nada.png` }),
        ],
        connections: [line('1', 'a'), line('a', 'wait'), line('wait', 'b'), line('b', 'gone')],
      },
      'pausa',
    );
    const number = newNumber();
    await says(number, 'pausa');
    expect(heard(number)).toEqual(['Um momento…']);
    // The customer writing during the wait does not hurry it.
    await says(number, 'e aí?');
    expect(heard(number)).toEqual(['Um momento…']);
    await settle(1500);
    await t.app.get(FlowRunner).idle();
    expect(heard(number).slice(0, 2)).toEqual(['Um momento…', 'Pronto!']);
    const ticket = await ticketOf(number);
    const notes = await db().getRepository(TicketNoteEntity).findBy({ ticketId: ticket.id });
    expect(notes.map((n) => n.note)).toEqual([expect.stringMatching(/^Fluxo "Com pausa": o bloco gone falhou/)]);
    expect(heard(number).at(-1)).toMatch(/atendentes/);
    expect(await db().getRepository(FlowRunEntity).findOneByOrFail({ ticketId: ticket.id })).toMatchObject({
      status: 'failed',
      liveTicketId: null,
    });
  });

  it('a phrase on a connection with a queue menu starts the flow instead of the menu', async () => {
    await phrased(
      'Sem menu',
      {
        nodes: [node('1', 'start'), node('hi', 'message', { label: 'Direto ao fluxo' })],
        connections: [line('1', 'hi')],
      },
      'promoção',
      co.mainLine,
    );
    const number = newNumber();
    await says(number, 'Vi a PROMOCAO!', co.mainLine);
    expect(heard(number)).toEqual(['Direto ao fluxo']);
    // Other words on that connection still get the menu.
    const other = newNumber();
    await says(other, 'oi', co.mainLine);
    expect(heard(other)).toEqual([expect.stringContaining('Sales')]);
  });

  it("a connection's flowbuilder integration starts its flow once per ticket", async () => {
    const flow = await drawn('Recepção da linha', {
      nodes: [node('1', 'start'), node('hi', 'message', { label: 'Bem-vindo à linha de suporte' })],
      connections: [line('1', 'hi')],
    });
    const missing = await t.request('POST', '/queueIntegration', {
      token: co.admin.token,
      body: { type: 'flowbuilder', name: 'Sem fluxo' },
    });
    expect(missing.body.fields).toEqual([{ field: 'flowId', message: 'validation.required' }]);
    const integration = await t.request('POST', '/queueIntegration', {
      token: co.admin.token,
      body: { type: 'flowbuilder', name: 'Fluxo da linha', flowId: flow.id },
    });
    expect(integration.body).toMatchObject({
      type: 'flowbuilder',
      flowId: flow.id,
      flow: { id: flow.id, name: 'Recepção da linha' },
    });
    const listed = await t.request('GET', '/queueIntegration?searchParam=fluxo da linha', { token: co.admin.token });
    expect(listed.body.queueIntegrations[0].flow).toEqual({ id: flow.id, name: 'Recepção da linha' });
    await db().getRepository(WhatsappEntity).update({ id: co.mainLine }, { integrationId: integration.body.id });
    try {
      const number = newNumber();
      await says(number, 'oi', co.mainLine);
      await says(number, 'tudo bem?', co.mainLine);
      expect(heard(number)).toEqual(['Bem-vindo à linha de suporte']);
    } finally {
      await db().getRepository(WhatsappEntity).update({ id: co.mainLine }, { integrationId: null });
    }
  });

  it("a failing block sends the ticket to the connection's first queue people answer, and names it", async () => {
    // A queue gone since the flow was saved (a save naming a missing one is refused).
    const gone = (
      await t.request('POST', '/queue', { token: co.admin.token, body: { name: 'Extinta', color: '#654321' } })
    ).body.id as number;
    const flow = await drawn('Falha na linha', {
      nodes: [node('1', 'start'), node('lost', 'ticket', { data: { id: gone } })],
      connections: [line('1', 'lost')],
    });
    expect((await t.request('DELETE', `/queue/${gone}`, { token: co.admin.token })).status).toBe(204);
    const integration = await t.request('POST', '/queueIntegration', {
      token: co.admin.token,
      body: { type: 'flowbuilder', name: 'Fluxo que falha', flowId: flow.id },
    });
    await db().getRepository(WhatsappEntity).update({ id: co.mainLine }, { integrationId: integration.body.id });
    try {
      const number = newNumber();
      await says(number, 'oi', co.mainLine);
      const ticket = await ticketOf(number);
      // Two queues on the line: the ticket had none; Sales comes first and no bot answers it.
      expect(ticket).toMatchObject({ queueId: co.sales, status: 'pending', userId: null });
      const notes = await db().getRepository(TicketNoteEntity).findBy({ ticketId: ticket.id });
      expect(notes.map((n) => n.note)).toEqual([
        expect.stringMatching(/^Fluxo "Falha na linha": o bloco lost falhou: .* na fila "Sales"\.$/),
      ]);
      expect(heard(number)).toEqual([expect.stringMatching(/atendentes/)]);
      // The ticket is people's now: the next message starts nothing.
      await says(number, 'alô?', co.mainLine);
      expect(heard(number)).toHaveLength(1);
    } finally {
      await db().getRepository(WhatsappEntity).update({ id: co.mainLine }, { integrationId: null });
    }
  });

  it("a version stored with another company's ids runs without them: the block fails and people take over", async () => {
    const theirs = await foreignRefs();
    const cases: [string, FlowNode][] = [
      ['alheia fila', node('x', 'ticket', { data: { id: theirs.queue } })],
      ['alheio robo', node('x', 'typebot', { integrationId: theirs.integration })],
      ['alheia ia', node('x', 'openai', { promptId: theirs.prompt })],
      ['alheia foto', node('x', 'img', { url: theirs.url })],
    ];
    for (const [text, block] of cases) {
      await stored(`Fluxo ${text}`, { nodes: [node('1', 'start'), block], connections: [line('1', 'x')] }, text);
      const number = newNumber();
      await says(number, text);
      const ticket = await ticketOf(number);
      expect([text, ticket.queueId, ticket.promptId, ticket.integrationId, ticket.useIntegration]).toEqual([
        text,
        co.sales,
        null,
        null,
        false,
      ]);
      expect(port.sent.filter((s) => s.to.number === number && s.media)).toEqual([]);
      expect(heard(number)).toEqual([expect.stringMatching(/atendentes/)]);
      const notes = await db().getRepository(TicketNoteEntity).findBy({ ticketId: ticket.id });
      expect(notes.map((n) => n.note)).toEqual([expect.stringMatching(/o bloco x falhou/)]);
    }
  });

  it('deleting a flow hands the conversations it runs to people, with a note', async () => {
    const flow = await phrased('Apagado', triage(), 'apagar');
    const number = newNumber();
    await says(number, 'apagar');
    expect(heard(number).at(-1)).toMatch(/^Como posso ajudar\?/);
    expect((await t.request('DELETE', `/flowbuilder/${flow.id}`, { token: co.admin.token })).status).toBe(200);
    const ticket = await ticketOf(number);
    const notes = await db().getRepository(TicketNoteEntity).findBy({ ticketId: ticket.id });
    expect(notes.map((n) => n.note)).toEqual([
      'O fluxo "Apagado" foi excluído no meio da conversa. A conversa aguarda um atendente.',
    ]);
    expect(heard(number).at(-1)).toMatch(/atendentes/);
    expect(await db().getRepository(FlowRunEntity).countBy({ ticketId: ticket.id })).toBe(0);
    await says(number, '1');
    expect(heard(number).at(-1)).toMatch(/atendentes/);
  });

  it('an OpenAI block hands the conversation to the prompt, and the flow goes on when the prompt lets go', async () => {
    const prompt = await t.request('POST', '/prompt', {
      token: co.admin.token,
      body: {
        name: 'Assistente do fluxo',
        prompt: 'Você é a assistente virtual da Loja Azul. Responda sobre pedidos e entregas, sempre em português.',
        model: 'gpt-4o-mini',
        maxTokens: 100,
        temperature: 1,
        apiKey: 'sk-flow-test-0123456789',
        queueId: co.sales,
        maxMessages: 10,
        voice: 'texto',
        voiceKey: '',
        voiceRegion: '',
      },
    });
    expect(prompt.status).toBe(201);
    await phrased(
      'Com IA',
      {
        nodes: [
          node('1', 'start'),
          node('ai', 'openai', { promptId: prompt.body.id }),
          node('back', 'message', { label: 'De volta ao fluxo: vou chamar alguém.' }),
          node('people', 'ticket', { data: { id: co.support } }),
        ],
        connections: [line('1', 'ai'), line('ai', 'back'), line('back', 'people')],
      },
      'assistente',
    );
    const number = newNumber();
    await says(number, 'assistente');
    const ticket = await ticketOf(number);
    expect(ticket).toMatchObject({ useIntegration: true, promptId: prompt.body.id });
    // The prompt answers the words that reached its block at once.
    expect(heard(number)).toEqual(['Resposta do assistente (gpt-4o-mini): você disse "assistente".']);
    await says(number, 'Quero falar com um atendente');
    expect(heard(number).at(-1)).toBe('De volta ao fluxo: vou chamar alguém.');
    expect(await ticketOf(number)).toMatchObject({ queueId: co.support, useIntegration: false, promptId: null });
    // Written for Sales, the prompt answers that queue too: the other conversations here are people's.
    expect((await t.request('DELETE', `/prompt/${prompt.body.id}`, { token: co.admin.token })).status).toBe(200);
  });

  it('a Typebot block opens its chat as the flow reaches it, and the flow goes on when the Typebot ends', async () => {
    const typebot = await t.request('POST', '/queueIntegration', {
      token: co.admin.token,
      body: {
        type: 'typebot',
        name: 'Triagem do fluxo',
        urlN8N: `${t.url}/sandbox/typebot`,
        typebotSlug: 'loja-azul',
        typebotDelayMessage: 0,
      },
    });
    expect(typebot.status).toBe(201);
    await phrased(
      'Com Typebot',
      {
        nodes: [
          node('1', 'start'),
          node('menu', 'menu', { message: 'Escolha', arrayOption: [{ number: 1, value: 'Robô' }] }),
          node('bot', 'typebot', { integrationId: typebot.body.id }),
          node('back', 'message', { label: 'O robô terminou; seguimos.' }),
        ],
        connections: [line('1', 'menu'), line('menu', 'bot', 'a1'), line('bot', 'back')],
      },
      'robozinho',
    );
    const number = newNumber();
    await says(number, 'robozinho');
    expect(heard(number)).toHaveLength(1);
    // The menu's answer reaches the block: the Typebot greets without waiting for another message.
    await says(number, '1');
    expect(heard(number).slice(1)).toEqual([
      'Olá! Sou o assistente virtual do **loja-azul**. Como posso ajudar?',
      '*1* - Comprar\n*2* - Suporte\n*3* - Falar com atendente',
    ]);
    await says(number, '2');
    await says(number, 'A tela não liga');
    expect(heard(number).slice(3)).toEqual([
      'Descreva o problema, por favor.',
      'Obrigado! Anotei: _A tela não liga_. Uma pessoa da equipe continua daqui.',
      'O robô terminou; seguimos.',
    ]);
  });

  it('a Typebot block that fails ends the flow and files the ticket in a queue people answer', async () => {
    const typebot = await t.request('POST', '/queueIntegration', {
      token: co.admin.token,
      body: {
        type: 'typebot',
        name: 'Typebot fora do ar',
        urlN8N: `${t.url}/sandbox/typebot`,
        typebotSlug: 'bot-fail',
      },
    });
    await phrased(
      'Typebot que falha',
      {
        nodes: [
          node('1', 'start'),
          node('bot', 'typebot', { integrationId: typebot.body.id }),
          node('after', 'message', { label: 'Nunca chega aqui' }),
        ],
        connections: [line('1', 'bot'), line('bot', 'after')],
      },
      'falhar',
      co.mainLine,
    );
    const number = newNumber();
    await says(number, 'quero falhar', co.mainLine);
    // Two queues on the line: the ticket had none, and goes to Sales, which no bot answers.
    expect(await ticketOf(number)).toMatchObject({ queueId: co.sales, status: 'pending', useIntegration: false });
    expect(heard(number)).toEqual([expect.stringMatching(/atendentes/)]);
    const ticket = await ticketOf(number);
    expect(await db().getRepository(FlowRunEntity).findOneByOrFail({ ticketId: ticket.id })).toMatchObject({
      status: 'failed',
      liveTicketId: null,
    });
  });

  it('a wait survives a restart: another server finishes it, once', async () => {
    await phrased(
      'Reinício',
      {
        nodes: [node('1', 'start'), node('wait', 'interval', { sec: 2 }), node('b', 'message', { label: 'Depois' })],
        connections: [line('1', 'wait'), line('wait', 'b')],
      },
      'reinicio',
    );
    // A second server on the same database takes the message and stops during the wait.
    const first = await startTestApp({}, t);
    recordOutbound(first);
    const number = newNumber();
    await sinkOf(first).message(inbound(co.companyId, co.salesLine, { number, name: 'Cliente' }, 'reinicio'));
    await first.app.get(FlowRunner).idle();
    const ticket = await ticketOf(number);
    expect(await db().getRepository(FlowRunEntity).findOneByOrFail({ ticketId: ticket.id })).toMatchObject({
      status: 'running',
      pending: expect.stringContaining('Depois'),
    });
    await first.close();
    // A server started after it picks the wait up again.
    const next = await startTestApp({}, t);
    const nextPort = recordOutbound(next);
    await settle(2500);
    await next.app.get(FlowRunner).idle();
    await t.app.get(FlowRunner).idle();
    const sent = [...nextPort.sent, ...port.sent].filter((s) => s.to.number === number).map((s) => s.body);
    expect(sent).toEqual(['Depois']);
    await next.close();
  }, 30_000);
});
