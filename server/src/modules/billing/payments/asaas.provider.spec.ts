import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AsaasProvider } from './asaas.provider.js';
import { buildBrCode } from './br-code.js';
import { PaymentProviderError, type PixChargeRequest } from './payment-provider.js';

/** A fake of the Asaas API v3 routes the client uses, recording what it was sent. */
interface Call {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

let server: Server;
let baseUrl: string;
let calls: Call[];
let customers: { id: string; cpfCnpj: string }[];
let failPayments: boolean;
const payload = buildBrCode({
  key: 'asaas@example.com',
  merchantName: 'Atendo',
  merchantCity: 'Joinville',
  amount: 149.9,
  txid: 'ASAAStx0001',
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const call: Call = {
        method: req.method!,
        path: url.pathname + url.search,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : null,
      };
      calls.push(call);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.access_token !== '$aact_hmlg_test')
        return send(401, { errors: [{ code: 'invalid_access_token', description: 'bad key' }] });
      if (req.method === 'GET' && url.pathname === '/v3/customers') {
        return send(200, { data: customers.filter((c) => c.cpfCnpj === url.searchParams.get('cpfCnpj')) });
      }
      if (req.method === 'POST' && url.pathname === '/v3/customers') {
        const customer = { id: `cus_${customers.length + 1}`, cpfCnpj: call.body.cpfCnpj };
        customers.push(customer);
        return send(200, customer);
      }
      if (req.method === 'POST' && url.pathname === '/v3/payments') {
        if (failPayments) return send(400, { errors: [{ code: 'invalid_dueDate', description: 'Data inválida' }] });
        return send(200, { id: 'pay_123', status: 'PENDING', billingType: 'PIX', value: call.body.value });
      }
      if (req.method === 'GET' && url.pathname === '/v3/payments/pay_123/pixQrCode') {
        return send(200, { encodedImage: 'iVBORw0KGgo=', payload, expirationDate: '2027-01-31 23:59:59' });
      }
      send(404, { errors: [{ code: 'not_found', description: 'no route' }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  calls = [];
  customers = [];
  failPayments = false;
});

const request: PixChargeRequest = {
  companyId: 7,
  invoiceId: 42,
  amount: 149.9,
  description: 'Acme: Gold (MENSAL)',
  dueDate: new Date('2027-01-10T02:00:00Z'),
  payer: {
    name: 'Maria Souza',
    email: 'maria@acme.test',
    taxId: '529.982.247-25',
    postalCode: '01310-100',
    address: 'Av. Paulista, 1000',
    city: 'São Paulo',
    state: 'SP',
  },
};

const client = (apiKey = '$aact_hmlg_test') => new AsaasProvider({ apiKey, baseUrl, userAgent: 'Atendo/test' });

describe('Asaas client', () => {
  it('creates the customer, a PIX payment for the invoice and reads its Pix payload', async () => {
    const charge = await client().createPixCharge(request);
    expect(charge).toEqual({
      providerChargeId: 'pay_123',
      txid: 'ASAAStx0001',
      brCode: payload,
      expiresAt: new Date('2027-02-01T02:59:59Z'),
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v3/customers?cpfCnpj=52998224725&limit=1',
      'POST /v3/customers',
      'POST /v3/payments',
      'GET /v3/payments/pay_123/pixQrCode',
    ]);
    for (const call of calls) {
      expect(call.headers.access_token).toBe('$aact_hmlg_test');
      expect(call.headers['user-agent']).toBe('Atendo/test');
    }
    expect(calls[1].body).toMatchObject({
      name: 'Maria Souza',
      cpfCnpj: '52998224725',
      email: 'maria@acme.test',
      postalCode: '01310100',
      externalReference: 'company-7',
      notificationDisabled: true,
    });
    // The due date is the Brasília calendar day of the instant (23:00 in Brasília on the 9th).
    expect(calls[2].body).toEqual({
      customer: 'cus_1',
      billingType: 'PIX',
      value: 149.9,
      dueDate: '2027-01-09',
      description: 'Acme: Gold (MENSAL)',
      externalReference: 'invoice-42',
    });
  });

  it('reuses the customer of a payer it already knows', async () => {
    customers.push({ id: 'cus_known', cpfCnpj: '52998224725' });
    await client().createPixCharge(request);
    expect(calls.map((c) => `${c.method} ${c.path}`)).not.toContain('POST /v3/customers');
    expect(calls.find((c) => c.path === '/v3/payments')!.body.customer).toBe('cus_known');
  });

  it('reports refusals and unreachable servers as provider errors with the reason', async () => {
    failPayments = true;
    await expect(client().createPixCharge(request)).rejects.toThrow(
      new PaymentProviderError('Asaas POST /payments answered 400: invalid_dueDate Data inválida'),
    );
    await expect(client('wrong').createPixCharge(request)).rejects.toThrow(/401: invalid_access_token bad key/);
    const offline = new AsaasProvider({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1/v3', userAgent: 'x' });
    await expect(offline.createPixCharge(request)).rejects.toThrow(/unreachable/);
  });
});
