#!/usr/bin/env node
// A living help desk in a minute: starts the built server on its own data directory with the
// sandbox WhatsApp network, fills a demo company (queues, agents, a connected sandbox line) and
// keeps simulated customers writing in until Ctrl+C.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonCall } from './lib/json-api.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 8080);
const base = `http://localhost:${port}`;
const PASSWORD = 'Demo-1234';
const company = { name: 'Loja Exemplo', email: 'gerente@loja-exemplo.test' };
const agents = [
  { name: 'Ana Souza', email: 'ana@loja-exemplo.test', queues: ['Vendas', 'Suporte'] },
  { name: 'Bruno Lima', email: 'bruno@loja-exemplo.test', queues: ['Suporte', 'Financeiro'] },
];
// Drives the simulated network; a user of its own so it never ends a person's session.
const simulator = { name: 'Simulador', email: 'simulador@loja-exemplo.test' };
const QUEUES = [
  { name: 'Vendas', color: '#008B02' },
  { name: 'Suporte', color: '#1273DE' },
  { name: 'Financeiro', color: '#DB3E00' },
];
const customers = [
  [
    '5511987650001',
    'Maria Oliveira',
    [
      'Oi! Vocês têm o tênis de corrida no tamanho 38?',
      'E qual o prazo de entrega para Campinas?',
      'Perfeito, obrigada!',
    ],
  ],
  [
    '5511987650002',
    'João Pereira',
    ['Boa tarde, meu pedido 4821 ainda não chegou', 'Já faz 10 dias', 'Consegue verificar para mim?'],
  ],
  ['5521987650003', 'Carla Mendes', ['Preciso da segunda via do boleto', 'O vencimento é amanhã']],
  ['5531987650004', 'Rafael Costa', ['Olá, quero trocar um produto com defeito', 'Posso levar na loja física?']],
  ['5541987650005', 'Fernanda Alves', ['Vocês fazem entrega no sábado?', 'Ótimo! Vou fechar o pedido então']],
  ['5551987650006', 'Lucas Martins', ['Meu cartão foi cobrado duas vezes', 'Segue o comprovante']],
  ['5561987650007', 'Patrícia Rocha', ['Bom dia! Qual o horário de funcionamento?']],
  ['5571987650008', 'Gustavo Nunes', ['Estou na loja agora, onde fica o estacionamento?']],
];

const server = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: process.env.DATA_DIR ?? join(root, 'data-demo'),
    SANDBOX: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 1));

const call = (method, path, options) => jsonCall(base, method, path, options);
const signIn = async (email) => (await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).token;

async function waitForServer() {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

/** Creates the demo company on the first run; later runs find it and go on. */
async function provision() {
  let admin;
  try {
    admin = await signIn(company.email);
  } catch {
    const [plan] = await call('GET', '/plans/list');
    await call('POST', '/companies/cadastro', {
      body: { ...company, phone: '11987654321', password: PASSWORD, planId: plan.id },
    });
    admin = await signIn(company.email);
  }
  const queues = await call('GET', '/queue', { token: admin });
  for (const queue of QUEUES.filter((q) => !queues.some((existing) => existing.name === q.name))) {
    queues.push(
      await call('POST', '/queue', {
        token: admin,
        body: { ...queue, greetingMessage: `Você está falando com ${queue.name}.` },
      }),
    );
  }
  const queueId = (name) => queues.find((q) => q.name === name).id;
  const users = await call('GET', '/users/list', { token: admin });
  for (const person of [...agents, { ...simulator, queues: [] }]) {
    if (users.some((u) => u.name === person.name)) continue;
    await call('POST', '/users', {
      token: admin,
      body: {
        name: person.name,
        email: person.email,
        password: PASSWORD,
        profile: person === agents.at(-1) || person.queues.length ? 'user' : 'admin',
        allTicket: 'enabled',
        queueIds: person.queues.map(queueId),
      },
    });
  }
  let [line] = await call('GET', '/whatsapp', { token: admin });
  line ??= await call('POST', '/whatsapp', {
    token: admin,
    body: {
      name: 'WhatsApp da Loja',
      provider: 'sandbox',
      isDefault: true,
      greetingMessage: 'Olá! Obrigado por falar com a Loja Exemplo. Já vamos atender você.',
      queueIds: queues.map((q) => q.id),
    },
  });
  const sim = await signIn(simulator.email);
  if (line.status !== 'CONNECTED') {
    await call('POST', `/whatsappsession/${line.id}`, { token: admin }).catch(() => undefined);
    await call('POST', `/sandbox/connections/${line.id}/scan`, { token: sim, body: {} });
  }
  return { line, sim };
}

await waitForServer();
const { line, sim } = await provision();
console.log(
  [
    '',
    `Atendo demo running at ${base}`,
    `  company admin: ${company.email}  /  ${PASSWORD}`,
    ...agents.map((a) => `  agent:         ${a.email}  /  ${PASSWORD}  (${a.queues.join(', ')})`),
    'Simulated customers write to the sandbox line every few seconds. Ctrl+C stops the demo.',
    '',
  ].join('\n'),
);

// Each customer goes through their lines in order; a new one writes every 4 to 9 seconds.
const progress = new Map();
let simToken = sim;
for (;;) {
  await new Promise((r) => setTimeout(r, 4000 + Math.random() * 5000));
  const [number, name, lines] = customers[Math.floor(Math.random() * customers.length)];
  const step = progress.get(number) ?? 0;
  progress.set(number, (step + 1) % lines.length);
  const message = { from: number, name, body: lines[step] };
  try {
    await call('POST', `/sandbox/connections/${line.id}/messages`, { token: simToken, body: message });
  } catch (error) {
    if (error.status === 401 || error.status === 403) simToken = await signIn(simulator.email);
    else console.error(`demo: ${error.message}`);
  }
}
