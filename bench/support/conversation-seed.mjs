import { randomUUID } from 'node:crypto';

// Seeds a company's history straight into MariaDB through mysql2 with multi-row INSERTs: contacts,
// tickets and messages shaped like the ones the product writes (every NOT NULL column set, the
// unique keys respected, foreign keys and the full-text index left on). Deterministic: the same
// scale gives the same rows.

const BATCH = 5_000;
const DAY = 86_400_000;

// prettier-ignore
const FIRST = [
  'Maria', 'João', 'Ana', 'Pedro', 'Carla', 'Lucas', 'Fernanda', 'Rafael', 'Juliana', 'Gustavo', 'Patrícia', 'Bruno',
  'Camila', 'Diego', 'Larissa', 'Felipe', 'Beatriz', 'Rodrigo', 'Aline', 'Thiago', 'Mariana', 'Eduardo', 'Letícia',
  'Marcelo', 'Vanessa', 'André', 'Renata', 'Paulo', 'Gabriela', 'Ricardo',
];
// prettier-ignore
const LAST = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa',
  'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias',
  'Nunes', 'Mendes', 'Moreira', 'Cardoso', 'Teixeira', 'Correia', 'Pinto', 'Machado',
];
/** Words of the conversations; each appears in roughly 6% of the messages. */
// prettier-ignore
export const WORDS = [
  'olá', 'bom', 'dia', 'boa', 'tarde', 'noite', 'obrigado', 'obrigada', 'pedido', 'entrega', 'prazo', 'boleto',
  'pagamento', 'cartão', 'pix', 'troca', 'devolução', 'produto', 'defeito', 'tamanho', 'cor', 'estoque', 'loja',
  'endereço', 'frete', 'nota', 'fiscal', 'cancelar', 'reembolso', 'garantia', 'atendimento', 'horário', 'sábado',
  'domingo', 'amanhã', 'hoje', 'semana', 'valor', 'desconto', 'cupom', 'promoção', 'site', 'aplicativo', 'senha',
  'cadastro', 'email', 'telefone', 'número', 'rastreio', 'transportadora', 'correios', 'chegou', 'ainda', 'não',
  'sim', 'preciso', 'ajuda', 'quero', 'comprar', 'vocês', 'têm', 'qual', 'quando', 'onde', 'como', 'porque', 'mais',
  'menos', 'certo', 'perfeito', 'aguardo', 'retorno', 'favor', 'pode', 'verificar', 'confirmar', 'segunda', 'via',
  'vencimento', 'parcelas', 'juros', 'cobrança', 'duplicada', 'comprovante', 'segue', 'anexo', 'foto', 'modelo',
  'preto', 'branco', 'azul', 'vermelho', 'médio', 'grande', 'pequeno', 'tênis', 'camisa', 'calça', 'vestido',
  'bolsa', 'relógio', 'celular', 'carregador', 'fone', 'capinha', 'tela', 'bateria', 'assistência', 'técnica',
  'orçamento', 'retirada', 'balcão', 'shopping', 'centro', 'bairro', 'cidade', 'Campinas', 'Santos', 'urgente',
  'atraso', 'reclamação', 'elogio', 'sugestão', 'dúvida', 'informação', 'status', 'código', 'protocolo',
];

/** A small, fast, seeded generator (mulberry32): the same seed gives the same history. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function contactNumber(c) {
  return `5511${900_000_000 + c}`;
}

/**
 * The plan of the history, without the rows: which contact each ticket belongs to, its status,
 * queue, owner and times. Ticket i belongs to contact i % contacts, so a contact's tickets follow
 * one another in time. Only a contact's last ticket can be live (at most one open or pending
 * ticket per contact and connection: the openKey rule), for 12% of the contacts: 6% open, 6%
 * pending. The first `longContacts` contacts hold a fifth of the messages (long histories).
 */
export function planHistory({
  contacts,
  tickets,
  messages,
  longContacts,
  queueIds,
  adminId,
  agentId,
  agentQueueIds,
  rareUserId = null,
}) {
  let longTickets = 0;
  for (let i = 0; i < tickets; i++) if (i % contacts < longContacts) longTickets++;
  const perLong = Math.floor((messages * 0.2) / Math.max(1, longTickets));
  const normalTickets = tickets - longTickets;
  const rest = messages - perLong * longTickets;
  const perNormal = Math.floor(rest / Math.max(1, normalTickets));
  const extra = rest - perNormal * normalTickets;
  return {
    contacts,
    tickets,
    longContacts,
    queueIds,
    adminId,
    agentId,
    agentQueueIds,
    rareUserId,
    perLong,
    perNormal,
    extra,
  };
}

function ticketShape(plan, i, now) {
  const c = i % plan.contacts;
  const last = i + plan.contacts >= plan.tickets;
  const slot = c % 50;
  const status = last && slot < 3 ? 'open' : last && slot < 6 ? 'pending' : 'closed';
  // Four of five go to a queue; the fifth waits without one.
  const queueSlot = Math.floor(c / 50) % (plan.queueIds.length + 1);
  const queueId = queueSlot < plan.queueIds.length ? plan.queueIds[queueSlot] : null;
  const rnd = random(i + 1);
  let createdAt;
  let updatedAt;
  if (status === 'closed') {
    // Closed history spread over the last 180 days, oldest first by id.
    createdAt = now - 180 * DAY + Math.floor((i / plan.tickets) * 178 * DAY) + Math.floor(rnd() * 3_600_000);
    updatedAt = createdAt + 600_000 + Math.floor(rnd() * 2 * DAY);
  } else {
    // Live tickets: opened during the last three days, active since.
    createdAt = now - Math.floor(3 * DAY * rnd()) - 3_600_000;
    updatedAt = createdAt + Math.floor(rnd() * (now - createdAt - 60_000));
  }
  let userId = null;
  if (status === 'open')
    userId = queueId !== null && plan.agentQueueIds.includes(queueId) ? plan.agentId : plan.adminId;
  if (status === 'closed') userId = rnd() < 0.5 ? plan.agentId : plan.adminId;
  // A user who resolved few tickets (1 in 100 of the closed ones), for the owner filter at its sparsest.
  if (status === 'closed' && plan.rareUserId !== null && i % 100 === 13) userId = plan.rareUserId;
  return { c, long: c < plan.longContacts, status, queueId, userId, createdAt, updatedAt, rnd };
}

function sentence(rnd) {
  const n = 4 + Math.floor(rnd() * 11);
  const words = [];
  for (let k = 0; k < n; k++) words.push(WORDS[Math.floor(rnd() * WORDS.length)]);
  return words.join(' ');
}

/**
 * Inserts the planned history for `companyId` on connection `whatsappId`. `pool` is a mysql2/promise
 * pool on the bench database (timezone 'Z'). Returns the ids the measurements need.
 */
export async function seedHistory(pool, plan, { companyId, whatsappId, now = Date.now(), log = () => {} }) {
  const [[{ contactBase }]] = await pool.query('SELECT COALESCE(MAX(id), 0) AS contactBase FROM contacts');
  const [[{ ticketBase }]] = await pool.query('SELECT COALESCE(MAX(id), 0) AS ticketBase FROM tickets');
  const contactId = (c) => Number(contactBase) + c + 1;
  const ticketId = (i) => Number(ticketBase) + i + 1;
  const started = Date.now();

  // Contacts, created before their first ticket.
  for (let from = 0; from < plan.contacts; from += BATCH) {
    const rows = [];
    for (let c = from; c < Math.min(plan.contacts, from + BATCH); c++) {
      const at = new Date(now - 181 * DAY + c * 1000);
      const name = `${FIRST[c % FIRST.length]} ${LAST[Math.floor(c / FIRST.length) % LAST.length]}`;
      rows.push([contactId(c), companyId, name, contactNumber(c), null, '', '', false, '[]', at, at]);
    }
    await pool.query(
      'INSERT INTO contacts (id, companyId, name, number, lid, email, profilePicUrl, isGroup, extraInfo, createdAt, updatedAt) VALUES ?',
      [rows],
    );
  }
  log(`contacts: ${plan.contacts} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // Tickets, with their preview and unread count as the pipeline leaves them.
  const t0 = Date.now();
  const live = [];
  const long = [];
  for (let from = 0; from < plan.tickets; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(plan.tickets, from + BATCH); i++) {
      const s = ticketShape(plan, i, now);
      const id = ticketId(i);
      const unread = s.status === 'closed' ? 0 : Math.floor(s.rnd() * 4);
      const openKey = s.status === 'closed' ? null : `${companyId}:${contactId(s.c)}:${whatsappId}`;
      if (s.status !== 'closed') {
        live.push({ id, contactId: contactId(s.c), number: contactNumber(s.c), status: s.status });
      }
      rows.push([
        id,
        randomUUID(),
        companyId,
        contactId(s.c),
        whatsappId,
        s.userId,
        s.queueId,
        s.status,
        'Obrigado pelo contato!',
        unread,
        false,
        false,
        false,
        openKey,
        false,
        s.status === 'closed' || s.status === 'open' ? new Date(s.createdAt + 60_000) : null,
        s.status === 'closed' ? new Date(s.updatedAt) : null,
        new Date(s.createdAt),
        new Date(s.updatedAt),
      ]);
    }
    await pool.query(
      'INSERT INTO tickets (id, uuid, companyId, contactId, whatsappId, userId, queueId, status, lastMessage, unreadMessages, isGroup, chatbot, useIntegration, openKey, awaitingRating, acceptedAt, closedAt, createdAt, updatedAt) VALUES ?',
      [rows],
    );
  }
  // The long histories of the measurements: the latest ticket of each long-history contact.
  for (let c = 0; c < Math.min(plan.longContacts, plan.tickets); c++) {
    long.push(ticketId(c + plan.contacts * Math.floor((plan.tickets - 1 - c) / plan.contacts)));
  }
  log(`tickets: ${plan.tickets} (${live.length} open or pending) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // Messages, in ticket order, spread between the ticket's creation and its last activity. Two
  // connections insert alternate batches: the server has two cores.
  const t1 = Date.now();
  let inserted = 0;
  let providerSeq = 0;
  const batches = [];
  let rows = [];
  const flush = async () => {
    if (!rows.length) return;
    const batch = rows;
    rows = [];
    const job = pool
      .query(
        'INSERT INTO messages (companyId, ticketId, contactId, whatsappId, providerId, body, fromMe, mediaType, mediaUrl, quotedMsgId, isDeleted, isEdited, ack, `read`, participantName, createdAt, updatedAt) VALUES ?',
        [batch],
      )
      .then(() => (inserted += batch.length));
    batches.push(job);
    if (batches.length >= 2) await batches.shift();
  };
  let normalSeen = 0;
  for (let i = 0; i < plan.tickets; i++) {
    const s = ticketShape(plan, i, now);
    const span = Math.max(1, s.updatedAt - s.createdAt);
    const count = s.long ? plan.perLong : plan.perNormal + (normalSeen++ < plan.extra ? 1 : 0);
    for (let k = 0; k < count; k++) {
      const fromMe = k % 2 === 1;
      const at = new Date(s.createdAt + Math.floor((span * k) / count));
      rows.push([
        companyId,
        ticketId(i),
        contactId(s.c),
        whatsappId,
        `SEED${(++providerSeq).toString(36).toUpperCase()}`,
        sentence(s.rnd),
        fromMe,
        'chat',
        null,
        null,
        false,
        false,
        fromMe ? 3 : 0,
        true,
        null,
        at,
        at,
      ]);
      if (rows.length >= BATCH) await flush();
    }
  }
  await flush();
  await Promise.all(batches);
  log(`messages: ${inserted} in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  return { live, long, contactId, ticketId, messages: inserted };
}

/**
 * Tags on the seeded tickets, for the tag filter at three densities: `tagIds[0]` on 3 tickets in
 * 10, `tagIds[1]` on 1 in 20, `tagIds[2]` on 1 in 500 (and on its live tickets alike).
 */
export async function seedTags(pool, plan, { ticketId, tagIds, log = () => {} }) {
  const started = Date.now();
  const every = [10, 20, 500];
  const within = [3, 1, 1];
  let inserted = 0;
  let rows = [];
  const flush = async () => {
    if (!rows.length) return;
    await pool.query('INSERT INTO ticket_tags (ticketId, tagId) VALUES ?', [rows]);
    inserted += rows.length;
    rows = [];
  };
  for (let i = 0; i < plan.tickets; i++) {
    for (const [k, tagId] of tagIds.entries()) {
      if (i % every[k] < within[k]) rows.push([ticketId(i), tagId]);
    }
    if (rows.length >= BATCH) await flush();
  }
  await flush();
  log(`ticket tags: ${inserted} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return inserted;
}

/**
 * The customers' answers to the rating question, for the dashboard benchmark (the conversation
 * benchmark does not call it): two of every five resolved tickets got one, 1 to 3, five minutes
 * after the ticket was resolved, counted for its owner. Call with the `now` and the `ticketId` of
 * the `seedHistory` run it rates.
 */
export async function seedRatings(pool, plan, { companyId, ticketId, now, log = () => {} }) {
  const started = Date.now();
  let inserted = 0;
  let rows = [];
  const flush = async () => {
    if (!rows.length) return;
    await pool.query('INSERT INTO ticket_ratings (companyId, ticketId, userId, rate, createdAt) VALUES ?', [rows]);
    inserted += rows.length;
    rows = [];
  };
  for (let i = 0; i < plan.tickets; i++) {
    const s = ticketShape(plan, i, now);
    if (s.status !== 'closed' || i % 5 >= 2) continue;
    rows.push([companyId, ticketId(i), s.userId, 1 + (i % 3), new Date(s.updatedAt + 300_000)]);
    if (rows.length >= BATCH) await flush();
  }
  await flush();
  log(`ratings: ${inserted} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return inserted;
}
