import { jest } from '@jest/globals';
import { addRecurrence } from '@atendo/shared';
import { DataSource } from 'typeorm';
import { InvoiceEntity } from '../src/modules/billing/entities/invoice.entity.js';
import { InvoicesService } from '../src/modules/billing/invoices.service.js';
import { CompanyEntity } from '../src/modules/companies/entities/company.entity.js';
import { JOB_QUEUES, type JobQueues } from '../src/modules/jobs/jobs.module.js';
import { PlanEntity } from '../src/modules/plans/entities/plan.entity.js';
import { ADMIN, nextEvent, receives, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let db: DataSource;
let gold: PlanEntity;
let silver: PlanEntity;
let free: PlanEntity;

beforeAll(async () => {
  // The stand-in is the default only on the embedded defaults; the MariaDB run asks for it.
  t = await startTestApp({ SANDBOX: 'true', PAYMENT_PROVIDER: 'sandbox' });
  db = t.app.get(DataSource);
  // Plans are the super-admin's; here they are made directly so these tests stand on their own.
  const plans = db.getRepository(PlanEntity);
  gold = await plans.save(plans.create({ name: 'Gold', users: 5, connections: 2, queues: 5, value: 149.9 }));
  silver = await plans.save(plans.create({ name: 'Silver', users: 3, connections: 1, queues: 3, value: 79 }));
  free = await plans.save(plans.create({ name: 'Free', users: 1, connections: 1, queues: 1, value: 0 }));
});
afterAll(() => t.close());

let counter = 0;
async function signup(plan: PlanEntity = gold) {
  counter += 1;
  const email = `billing${counter}.${Date.now()}@pay.test`;
  const res = await t.request('POST', '/companies/cadastro', {
    body: { name: `Billing ${counter}`, email, password: 'Company-pass-1', planId: plan.id },
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  const session = await t.login(email, 'Company-pass-1');
  return { companyId: res.body.id as number, dueDate: res.body.dueDate as string, email, ...session };
}

const data = {
  firstName: 'Maria',
  lastName: 'Souza',
  taxId: '529.982.247-25',
  address2: 'Av. Paulista, 1000',
  city: 'São Paulo',
  state: 'SP',
  zipcode: '01310-100',
  country: 'Brasil',
};

async function invoicesOf(token: string, query = '') {
  const res = await t.request('GET', `/invoices/all${query}`, { token });
  expect(res.status).toBe(200);
  return res.body as any[];
}

function companyRow(id: number) {
  return db.getRepository(CompanyEntity).findOneByOrFail({ id });
}

describe('invoices', () => {
  it("issues a new company's first invoice from its plan and recurrence, as a plain list", async () => {
    const company = await signup();
    const list = await invoicesOf(company.token);
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(1);
    const due = new Date(company.dueDate);
    expect(list[0]).toMatchObject({
      companyId: company.companyId,
      planId: gold.id,
      detail: 'Gold',
      value: 149.9,
      recurrence: 'MENSAL',
      status: 'open',
      paidAt: null,
    });
    expect(new Date(list[0].dueDate).getTime()).toBe(due.getTime());
    expect(list[0].periodEnd).toBe(addRecurrence(due, 'MENSAL').toISOString());
    // Asking again issues nothing more.
    expect(await invoicesOf(company.token)).toHaveLength(1);
  });

  it('issues one invoice per company and period however the job overlaps or retries', async () => {
    const a = await signup();
    const b = await signup(silver);
    const c = await signup();
    const service = t.app.get(InvoicesService);
    // Three runs at once (three nodes, or a run and a page load).
    await Promise.all([service.issueDue(), service.issueDue(), service.issueDue()]);
    const rows = () =>
      db.getRepository(InvoiceEntity).find({ where: [a, b, c].map((x) => ({ companyId: x.companyId })) });
    expect(await rows()).toHaveLength(3);

    // A run that fails after its first invoice is retried by the queue and creates no second one.
    const d = await signup();
    const e = await signup();
    const issue = jest.spyOn(service, 'issue');
    issue.mockImplementationOnce(async (company) => {
      expect(await InvoicesService.prototype.issue.call(service, company)).toBe(true);
      throw new Error('database went away');
    });
    await (t.app.get(JOB_QUEUES) as JobQueues).invoices.add({}, { attempts: 3 });
    const issuedFor = () =>
      db.getRepository(InvoiceEntity).find({ where: [d, e].map((x) => ({ companyId: x.companyId })) });
    const started = Date.now();
    while ((await issuedFor()).length < 2 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 50));
    // The failed attempt's invoice stayed; the retry issued only the other one.
    expect(issue.mock.calls.length).toBe(2);
    await expect(issue.mock.results[0].value).rejects.toThrow('database went away');
    issue.mockRestore();
    expect((await issuedFor()).map((i) => i.companyId).sort()).toEqual([d.companyId, e.companyId].sort());
    expect(await rows()).toHaveLength(3);
  });

  it('shows paid, expired (due before today) and open, pages by 20 and searches detail or id', async () => {
    const company = await signup();
    const repo = db.getRepository(InvoiceEntity);
    const base = new Date(Date.UTC(2024, 0, 10, 12));
    for (let n = 0; n < 24; n++) {
      await repo.insert({
        companyId: company.companyId,
        planId: n % 2 ? silver.id : gold.id,
        detail: n % 2 ? 'Silver' : 'Gold',
        value: n % 2 ? 79 : 149.9,
        recurrence: 'MENSAL',
        dueDate: new Date(base.getTime() + n * 86_400_000),
        periodEnd: new Date(base.getTime() + (n + 30) * 86_400_000),
        status: n === 0 ? 'paid' : 'open',
        paidAt: n === 0 ? base : null,
      });
    }
    const first = await invoicesOf(company.token);
    expect(first).toHaveLength(20);
    // Latest period first: the current (trial) invoice, then the old ones.
    expect(first[0].status).toBe('open');
    expect(first[1].status).toBe('expired');
    const second = await invoicesOf(company.token, '?pageNumber=2');
    expect(second).toHaveLength(5);
    expect(second.at(-1)).toMatchObject({ status: 'paid' });
    expect(await invoicesOf(company.token, '?pageNumber=3')).toEqual([]);

    const silverOnes = await invoicesOf(company.token, '?searchParam=silv');
    expect(silverOnes).toHaveLength(12);
    expect(silverOnes.every((i) => i.detail === 'Silver')).toBe(true);
    const byId = await invoicesOf(company.token, `?searchParam=${second[0].id}`);
    expect(byId.map((i) => i.id)).toEqual([second[0].id]);
    expect(await invoicesOf(company.token, '?searchParam=50%25')).toEqual([]);

    const bad = await t.request('GET', '/invoices/all?pageNumber=0', { token: company.token });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('pageNumber');
  });

  it('keeps invoices to their company and to admins', async () => {
    const a = await signup();
    const b = await signup();
    const [invoiceA] = await invoicesOf(a.token);
    const [invoiceB] = await invoicesOf(b.token);
    expect(invoiceA.id).not.toBe(invoiceB.id);
    expect((await invoicesOf(b.token)).map((i) => i.id)).toEqual([invoiceB.id]);

    const foreign = await t.request('POST', '/subscription', {
      token: b.token,
      body: { ...data, planId: gold.id, invoiceId: invoiceA.id },
    });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });
    const pay = await t.request('POST', `/payment-sandbox/invoices/${invoiceA.id}/pay`, { token: b.token, body: {} });
    expect(pay).toMatchObject({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });

    const agent = await t.request('POST', '/users', {
      token: a.token,
      body: { name: 'Agent', email: `agent.${Date.now()}@pay.test`, password: 'Agent-pass-1', profile: 'user' },
    });
    expect(agent.status).toBe(201);
    const agentSession = await t.login(agent.body.email, 'Agent-pass-1');
    expect((await t.request('GET', '/invoices/all', { token: agentSession.token })).status).toBe(403);
    const denied = await t.request('POST', '/subscription', {
      token: agentSession.token,
      body: { ...data, planId: gold.id, invoiceId: invoiceA.id },
    });
    expect(denied).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    // Any user may read the licence state; only admins act on it.
    expect((await t.request('GET', '/subscription', { token: agentSession.token })).status).toBe(200);
    expect((await t.request('GET', '/invoices/all')).status).toBe(401);
  });
});

describe("the super-admin's invoices overview", () => {
  /** Three invoices of a new company besides its first: paid, expired (due before today), open. */
  async function companyWithInvoices() {
    const company = await signup();
    await invoicesOf(company.token);
    const repo = db.getRepository(InvoiceEntity);
    const day = 86_400_000;
    const rows = [
      { dueDate: new Date(Date.now() - 90 * day), status: 'paid' as const, paidAt: new Date(Date.now() - 89 * day) },
      { dueDate: new Date(Date.now() - 60 * day), status: 'open' as const, paidAt: null },
      { dueDate: new Date(Date.now() + 400 * day), status: 'open' as const, paidAt: null },
    ];
    for (const row of rows) {
      await repo.insert({
        companyId: company.companyId,
        planId: gold.id,
        detail: 'Gold',
        value: 149.9,
        recurrence: 'MENSAL',
        periodEnd: new Date(row.dueDate.getTime() + 30 * day),
        ...row,
      });
    }
    return company;
  }

  it("lists every company's invoices with the company's name, by status and by company, 20 a page", async () => {
    const a = await companyWithInvoices();
    const b = await companyWithInvoices();
    const { token } = await t.login(ADMIN.email, ADMIN.password);
    const overview = async (query: string) => {
      const res = await t.request('GET', `/invoices/overview${query}`, { token });
      expect(res.status).toBe(200);
      return res.body as { invoices: any[]; count: number; hasMore: boolean };
    };

    const all = await overview('');
    const companies = new Set(all.invoices.map((i) => i.companyId));
    expect(companies.has(a.companyId) && companies.has(b.companyId)).toBe(true);
    expect(all.count).toBeGreaterThanOrEqual(8);
    expect(all.invoices.find((i) => i.companyId === a.companyId)?.companyName).toBe(
      (await companyRow(a.companyId)).name,
    );

    const ofA = await overview(`?companyId=${a.companyId}`);
    expect(ofA).toMatchObject({ count: 4, hasMore: false });
    expect(ofA.invoices.every((i) => i.companyId === a.companyId)).toBe(true);
    // Latest period first.
    const dues = ofA.invoices.map((i) => i.dueDate);
    expect(dues).toEqual([...dues].sort().reverse());

    const paid = await overview(`?companyId=${b.companyId}&status=paid`);
    expect(paid.invoices.map((i) => [i.companyId, i.status])).toEqual([[b.companyId, 'paid']]);
    expect(paid.invoices[0].paidAt).toEqual(expect.any(String));
    const expired = await overview(`?companyId=${b.companyId}&status=expired`);
    expect(expired.invoices.map((i) => i.status)).toEqual(['expired']);
    const open = await overview(`?companyId=${b.companyId}&status=open`);
    expect(open.invoices.map((i) => i.status)).toEqual(['open', 'open']);
    // Status alone: every company's, nothing of another status.
    const expiredAll = await overview('?status=expired');
    expect(expiredAll.invoices.every((i) => i.status === 'expired')).toBe(true);
    expect(expiredAll.invoices.map((i) => i.companyId)).toEqual(expect.arrayContaining([a.companyId, b.companyId]));
    // Empty filters mean all, as a select left on "all" sends them.
    expect((await overview('?status=&companyId=')).count).toBe((await overview('')).count);

    // Pages of 20.
    const repo = db.getRepository(InvoiceEntity);
    for (let n = 0; n < 21; n++) {
      await repo.insert({
        companyId: a.companyId,
        planId: gold.id,
        detail: 'Gold',
        value: 149.9,
        recurrence: 'MENSAL',
        dueDate: new Date(Date.UTC(2020, 0, 1 + n)),
        periodEnd: new Date(Date.UTC(2020, 1, 1 + n)),
        status: 'paid',
        paidAt: new Date(Date.UTC(2020, 0, 1 + n)),
      });
    }
    const first = await overview(`?companyId=${a.companyId}`);
    expect(first).toMatchObject({ count: 25, hasMore: true });
    expect(first.invoices).toHaveLength(20);
    const second = await overview(`?companyId=${a.companyId}&pageNumber=2`);
    expect(second).toMatchObject({ count: 25, hasMore: false });
    expect(second.invoices).toHaveLength(5);

    for (const [query, field] of [
      ['?status=late', 'status'],
      ['?companyId=abc', 'companyId'],
      ['?pageNumber=0', 'pageNumber'],
    ]) {
      const bad = await t.request('GET', `/invoices/overview${query}`, { token });
      expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(bad.body.fields[0].field).toBe(field);
    }
  });

  it("is the super-admin's alone: a company's admin is refused and still sees only its own", async () => {
    const a = await companyWithInvoices();
    const b = await companyWithInvoices();
    for (const query of ['', `?companyId=${b.companyId}`]) {
      const res = await t.request('GET', `/invoices/overview${query}`, { token: a.token });
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect((await t.request('GET', '/invoices/overview')).status).toBe(401);
    // The list the companies (and the family's client) read is unchanged: a plain list of their own.
    const own = await invoicesOf(a.token);
    expect(own).toHaveLength(4);
    expect(own.every((i) => i.companyId === a.companyId && !('companyName' in i))).toBe(true);
  });
});

describe('Pix checkout', () => {
  it('validates the data step with field errors', async () => {
    const company = await signup();
    const [invoice] = await invoicesOf(company.token);
    const empty = await t.request('POST', '/subscription', { token: company.token, body: { invoiceId: invoice.id } });
    expect(empty.status).toBe(400);
    // Only what the charge needs: the payer's address is not among it.
    expect(empty.body.fields.map((f: { field: string }) => f.field)).toEqual(['planId']);
    const badTaxId = await t.request('POST', '/subscription', {
      token: company.token,
      body: { ...data, taxId: '111.111.111-11', planId: gold.id, invoiceId: invoice.id },
    });
    expect(badTaxId.body).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'taxId', message: 'validation.taxId' }],
    });
    // Outside Brazil there is no CPF/CNPJ to ask for.
    const abroad = await t.request('POST', '/subscription', {
      token: company.token,
      body: { ...data, taxId: '', country: 'United States', planId: gold.id, invoiceId: invoice.id },
    });
    expect(abroad.status).toBe(201);
  });

  it('charges the plan as stored, reuses a live charge and refuses paid invoices', async () => {
    const company = await signup();
    const [invoice] = await invoicesOf(company.token);
    const first = await t.request('POST', '/subscription', {
      token: company.token,
      body: { ...data, planId: silver.id, price: 1, invoiceId: invoice.id },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ valor: { original: '79.00' }, invoiceId: invoice.id, provider: 'sandbox' });
    const brCode: string = first.body.qrcode.qrcode;
    expect(brCode).toMatch(/^000201/);
    expect(brCode).toContain('0014br.gov.bcb.pix');
    expect(brCode).toContain('540579.00');
    expect(brCode).toContain(`05${String(first.body.txid.length).padStart(2, '0')}${first.body.txid}`);

    const again = await t.request('POST', '/subscription', {
      token: company.token,
      body: { ...data, planId: silver.id, invoiceId: invoice.id },
    });
    expect(again.body.chargeId).toBe(first.body.chargeId);
    const otherPlan = await t.request('POST', '/subscription', {
      token: company.token,
      body: { ...data, planId: gold.id, invoiceId: invoice.id },
    });
    expect(otherPlan.body.chargeId).not.toBe(first.body.chargeId);
    expect(otherPlan.body.valor.original).toBe('149.90');

    const noPlan = await t.request('POST', '/subscription', {
      token: company.token,
      body: { ...data, planId: 999_999, invoiceId: invoice.id },
    });
    expect(noPlan).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });

    await db.getRepository(InvoiceEntity).update({ id: invoice.id }, { status: 'paid' });
    const paid = await t.request('POST', '/subscription', {
      token: company.token,
      body: { ...data, planId: gold.id, invoiceId: invoice.id },
    });
    expect(paid).toMatchObject({ status: 409, body: { error: 'ERR_INVOICE_ALREADY_PAID' } });
  });
});

describe('free plans', () => {
  it('renew at once, with nothing to charge, as a payment would', async () => {
    const company = await signup(free);
    const before = await companyRow(company.companyId);
    const [invoice] = await invoicesOf(company.token);
    expect(invoice.value).toBe(0);
    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');
    const told = nextEvent(socket, `company-${company.companyId}-payment`);
    // The existing clients' body: the plan as JSON, no tax id.
    const res = await t.request('POST', '/subscription', {
      token: company.token,
      body: { ...data, taxId: '', plan: JSON.stringify({ planId: free.id, title: 'Free' }), invoiceId: invoice.id },
    });
    const renewedUntil = addRecurrence(before.dueDate!, 'MENSAL').toISOString();
    expect(res).toMatchObject({
      status: 201,
      body: { renewed: true, invoiceId: invoice.id, company: { id: company.companyId, dueDate: renewedUntil } },
    });
    expect(await told).toMatchObject({
      action: 'CONCLUIDA',
      invoiceId: invoice.id,
      company: { dueDate: renewedUntil },
    });
    expect((await companyRow(company.companyId)).dueDate!.toISOString()).toBe(renewedUntil);
    expect((await invoicesOf(company.token))[0]).toMatchObject({ id: invoice.id, status: 'paid', value: 0 });
    // Once is enough.
    const again = await t.request('POST', '/subscription', {
      token: company.token,
      body: { ...data, planId: free.id, invoiceId: invoice.id },
    });
    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_INVOICE_ALREADY_PAID' } });
  });

  it('renew without a payment provider, which only paid plans need', async () => {
    const off = await startTestApp({ PAYMENT_PROVIDER: 'none' });
    try {
      const plan = await off.app
        .get(DataSource)
        .getRepository(PlanEntity)
        .save({ name: 'Free', users: 1, connections: 1, queues: 1, value: 0 });
      const email = `free.${Date.now()}@pay.test`;
      await off.request('POST', '/companies/cadastro', {
        body: { name: 'Free Co', email, password: 'Company-pass-1', planId: plan.id },
      });
      const { token } = await off.login(email, 'Company-pass-1');
      const [invoice] = (await off.request('GET', '/invoices/all', { token })).body;
      const res = await off.request('POST', '/subscription', {
        token,
        body: { ...data, planId: plan.id, invoiceId: invoice.id },
      });
      expect(res).toMatchObject({ status: 201, body: { renewed: true } });
    } finally {
      await off.close();
    }
  });
});

describe('payment webhook', () => {
  const notification = (chargeId: string, id: string, event = 'PAYMENT_RECEIVED') => ({
    id,
    event,
    payment: { object: 'payment', id: chargeId, status: 'RECEIVED', billingType: 'PIX', value: 149.9 },
  });

  it('refuses calls without the shared token, and changes nothing', async () => {
    const company = await signup();
    const [invoice] = await invoicesOf(company.token);
    const charge = await t.request('POST', '/subscription', {
      token: company.token,
      body: { ...data, planId: gold.id, invoiceId: invoice.id },
    });
    const body = notification(charge.body.chargeId, 'evt_forged');
    expect(await t.request('POST', '/subscription/webhook', { body })).toMatchObject({
      status: 401,
      body: { error: 'ERR_INVALID_TOKEN' },
    });
    expect(
      await t.request('POST', '/subscription/webhook', {
        body,
        headers: { 'asaas-access-token': 'guess-guess-guess' },
      }),
    ).toMatchObject({ status: 401 });
    expect((await invoicesOf(company.token))[0].status).toBe('open');
    // The forged id was not recorded: the real notification with it still counts.
    const real = await t.request('POST', '/subscription/webhook', {
      body,
      headers: { 'asaas-access-token': t.config.payments.webhookToken },
    });
    expect(real.body).toMatchObject({ received: true, duplicate: false, paidInvoiceId: invoice.id });
  });

  it('pays once: marks the invoice paid, moves the due date by the recurrence, tells the company', async () => {
    const company = await signup(silver);
    const before = await companyRow(company.companyId);
    const [invoice] = await invoicesOf(company.token);
    const charge = await t.request('POST', '/subscription', {
      token: company.token,
      body: { ...data, planId: gold.id, invoiceId: invoice.id },
    });
    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');
    const event = nextEvent(socket, `company-${company.companyId}-payment`);
    const moved = nextEvent(socket, `company-${company.companyId}-plan`);

    // The stand-in delivers the same notification twice, as a PSP retrying would.
    const pay = await t.request('POST', `/payment-sandbox/invoices/${invoice.id}/pay`, {
      token: company.token,
      body: { times: 2 },
    });
    expect(pay.status).toBe(201);
    expect(pay.body.deliveries.map((d: { status: number }) => d.status)).toEqual([200, 200]);
    expect(pay.body.deliveries.map((d: { body: { duplicate: boolean } }) => d.body.duplicate)).toEqual([false, true]);

    const renewed = addRecurrence(before.dueDate!, 'MENSAL');
    expect(await event).toEqual({
      action: 'CONCLUIDA',
      company: { id: company.companyId, dueDate: renewed.toISOString(), planId: gold.id },
      invoiceId: invoice.id,
    });
    // Paid for Gold while on Silver: the company's screens follow it to Gold.
    expect(await moved).toMatchObject({ action: 'update', plan: { id: gold.id, name: 'Gold', users: 5 } });
    const after = await companyRow(company.companyId);
    expect(after.dueDate!.toISOString()).toBe(renewed.toISOString());
    expect(after.planId).toBe(gold.id);
    const [paid] = (await invoicesOf(company.token)).filter((i) => i.id === invoice.id);
    expect(paid).toMatchObject({ status: 'paid', value: 149.9, planId: gold.id, detail: 'Gold' });
    expect(paid.paidAt).not.toBeNull();

    // Another notification for the same payment (a confirmation after the receipt) extends nothing.
    const more = receives(socket, `company-${company.companyId}-payment`, 500);
    const confirmed = await t.request('POST', '/subscription/webhook', {
      body: notification(charge.body.chargeId, 'evt_confirmed_later', 'PAYMENT_CONFIRMED'),
      headers: { 'asaas-access-token': t.config.payments.webhookToken },
    });
    expect(confirmed.body).toMatchObject({ duplicate: false, paidInvoiceId: null });
    expect(await more).toBe(false);
    expect((await companyRow(company.companyId)).dueDate!.toISOString()).toBe(renewed.toISOString());

    const state = await t.request('GET', '/subscription', { token: company.token });
    expect(state.body).toMatchObject({
      company: { id: company.companyId, email: company.email, dueDate: renewed.toISOString() },
      plan: { id: gold.id, name: 'Gold' },
      onTrial: false,
      provider: 'sandbox',
    });
  });

  it('acknowledges events it has nothing to do with', async () => {
    const headers = { 'asaas-access-token': t.config.payments.webhookToken };
    const unknown = await t.request('POST', '/subscription/webhook', {
      body: notification('pay_unknown', 'evt_unknown'),
      headers,
    });
    expect(unknown).toMatchObject({ status: 200, body: { received: true, paidInvoiceId: null } });
    const created = await t.request('POST', '/subscription/webhook', {
      body: { event: 'PAYMENT_CREATED', payment: { id: 'pay_whatever' } },
      headers,
    });
    expect(created).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    const malformed = await t.request('POST', '/subscription/webhook', { body: { hello: 1 }, headers });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('reports the trial state before any payment', async () => {
    const company = await signup();
    const state = await t.request('GET', '/subscription', { token: company.token });
    expect(state.body).toMatchObject({ onTrial: true, daysLeft: 3, plan: { name: 'Gold', value: 149.9 } });
    expect(state.body.openInvoice).toMatchObject({ status: 'open', value: 149.9 });
  });
});

describe('without a payment provider', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp({ PAYMENT_PROVIDER: 'none' });
  });
  afterAll(() => off.close());

  it('says payments are unavailable and has no stand-in route', async () => {
    const plans = await off.request('GET', '/plans/list');
    const email = `nopay.${Date.now()}@pay.test`;
    await off.request('POST', '/companies/cadastro', {
      body: { name: 'No Pay', email, password: 'Company-pass-1', planId: plans.body[0].id },
    });
    const { token } = await off.login(email, 'Company-pass-1');
    const [invoice] = (await off.request('GET', '/invoices/all', { token })).body;
    const plan = plans.body[0];
    await off.app.get(DataSource).getRepository(PlanEntity).update({ id: plan.id }, { value: 10 });
    const checkout = await off.request('POST', '/subscription', {
      token,
      body: { ...data, planId: plan.id, invoiceId: invoice.id },
    });
    expect(checkout).toMatchObject({ status: 503, body: { error: 'ERR_PAYMENTS_UNAVAILABLE' } });
    expect((await off.request('POST', `/payment-sandbox/invoices/${invoice.id}/pay`, { token, body: {} })).status).toBe(
      404,
    );
    expect((await off.request('GET', '/subscription', { token })).body.provider).toBeNull();
  });
});
