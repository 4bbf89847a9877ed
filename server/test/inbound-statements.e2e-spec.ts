import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { addConnection, conversationCompany, inbound, recordOutbound, sinkOf } from './support/conversations.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The statements one customer message costs on the inbound path, counted as the database sees them
// (every statement goes through the data source's logger, transactions' included): a later change
// that adds one to every inbound message fails here rather than in a benchmark. Background sweeps
// may land inside a measurement, so each figure is the least of three.

let t: TestApp;
let co: Awaited<ReturnType<typeof conversationCompany>>;
let mysql: boolean;

beforeAll(async () => {
  t = await startTestApp();
  // Sends succeed at once, as through a live session.
  recordOutbound(t);
  co = await conversationCompany(t, 'Statements');
  mysql = t.app.get(DataSource).options.type === 'mysql';
});

afterAll(async () => {
  await t.close();
});

/** The statements `deliver` sent, the fewest of three runs (each run its own customers). */
async function fewest(deliver: (run: number) => Promise<void>): Promise<number> {
  const db = t.app.get(DataSource);
  const logged = jest.spyOn(db.logger, 'logQuery');
  try {
    let least = Infinity;
    for (let run = 0; run < 3; run++) {
      logged.mockClear();
      await deliver(run);
      least = Math.min(least, logged.mock.calls.length);
    }
    return least;
  } finally {
    logged.mockRestore();
  }
}

describe('statements per customer message', () => {
  it("a customer's first and next messages on a connection with one queue and no greeting", async () => {
    const sink = sinkOf(t);
    const line = co.salesLine;
    const number = (prefix: string, run: number) => `55119${prefix}${String(run).padStart(6, '0')}`;
    // The caches a running server has (the flows' phrases, the compiled selects) are warm.
    await sink.message(inbound(co.companyId, line, { number: number('0', 9) }, 'warm-up'));

    const first = await fewest((run) => sink.message(inbound(co.companyId, line, { number: number('1', run) }, 'Oi')));
    const next = await fewest(async (run) => {
      const from = { number: number('1', run) };
      await sink.message(inbound(co.companyId, line, from, 'Mais uma coisa'));
    });
    // Contact, ticket and message written in one transaction (SQLite, whose INSERT cannot be told
    // to skip a duplicate, looks for the message first), then the automations' one read and the
    // campaign confirmation's UPDATE.
    expect(first).toBeLessThanOrEqual(mysql ? 11 : 12);
    expect(next).toBeLessThanOrEqual(mysql ? 8 : 9);
  });

  it("a first message a connection's greeting answers with its queue menu", async () => {
    const sink = sinkOf(t);
    const menuLine = await addConnection(t, co.companyId, { queueIds: [co.sales, co.support] });
    await t.app
      .get(DataSource)
      .query("UPDATE whatsapps SET greetingMessage = 'Olá! Escolha uma fila:' WHERE id = ?", [menuLine]);
    const menu = await fewest((run) =>
      sink.message(inbound(co.companyId, menuLine, { number: `5511920${String(run).padStart(6, '0')}` }, 'Oi')),
    );
    // The message as above, and the menu sent and stored with its ticket's event.
    expect(menu).toBeLessThanOrEqual(mysql ? 16 : 17);
  });
});
