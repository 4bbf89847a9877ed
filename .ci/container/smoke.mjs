// The container check's calls to the running stack: ready, signed in, a sandbox customer's message
// arrives in a ticket, and the agent's reply reaches the customer's phone (through Redis' queue).
// Usage: node smoke.mjs <server> <admin e-mail> <admin password>. Any failure throws.
import { jsonCall, jsonRequest } from '../../scripts/lib/json-api.mjs';

const [server, email, password] = process.argv.slice(2);
const call = (method, path, options) => jsonCall(server, method, path, options);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `probe` every second until it answers something truthy; throws `what` after `seconds`. */
async function until(what, seconds, probe) {
  const deadline = Date.now() + seconds * 1000;
  let last;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s${last ? ` (${last.message})` : ''}`);
    await sleep(1000);
  }
}

const started = Date.now();
const ready = await until('GET /health/ready answering 200', 240, async () => {
  const answer = await jsonRequest(server, 'GET', '/health/ready');
  if (!answer.ok) throw new Error(`${answer.status} ${answer.text}`);
  return answer.data ?? true;
});
console.log(`ready after ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(ready)}`);
const health = await call('GET', '/health');
if (health.database !== 'up' || health.redis !== 'up') throw new Error(`GET /health: ${JSON.stringify(health)}`);

const { token } = await call('POST', '/auth/login', { body: { email, password } });
const line = await call('POST', '/whatsapp', { token, body: { name: 'Container check', provider: 'sandbox' } });
// The session shows its QR code a moment after the connection is made.
await until('the sandbox connection paired', 30, () =>
  call('POST', `/sandbox/connections/${line.id}/scan`, { token, body: {} }),
);

const customer = '5511987650000';
const text = `Container check ${Date.now()}`;
await call('POST', `/sandbox/connections/${line.id}/messages`, {
  token,
  body: { from: customer, name: 'Container Check', body: text, id: `check-${Date.now()}` },
});
const ticket = await until('the customer message in a ticket', 30, async () => {
  const page = await call('GET', `/tickets?searchParam=${customer}&showAll=true&status=pending`, { token });
  return page.tickets.find((t) => t.lastMessage === text);
});
const { messages } = await call('GET', `/messages/${ticket.id}`, { token });
if (!messages.some((m) => m.body === text && !m.fromMe)) throw new Error(`ticket ${ticket.id} lacks "${text}"`);
console.log(`the customer's message arrived in ticket ${ticket.id}`);

await call('PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open' } });
await call('POST', `/messages/${ticket.id}`, { token, body: { body: 'Reply from the container check' } });
await until("the agent's reply delivered to the customer's phone", 30, async () => {
  const deliveries = await call('GET', '/sandbox/deliveries', { token });
  return deliveries.messages >= 1;
});
console.log("the agent's reply reached the customer");
