import { type APIRequestContext, expect } from '@playwright/test';
import { type Account, apiCall, apiSignIn, signupCompany, unique, uniqueEmail } from './app';

/**
 * The real pipeline with a sandbox WhatsApp connection: a customer's messages arrive exactly as
 * inbound WhatsApp messages do. The sandbox is driven over HTTP by the company's first admin, who
 * is never signed in to the browser (a sign-in ends the user's other session).
 */

export interface Named {
  id: number;
  name: string;
}

export interface Agent extends Account, Named {}

export interface Ticket {
  id: number;
  uuid: string;
  status: 'open' | 'pending' | 'closed';
  queueId: number | null;
  userId: number | null;
  unreadMessages: number;
  contact: { name: string; number: string };
}

/** A company with a connected sandbox line on queue 1, an agent of queue 1 and one of queue 2 only. */
export interface Desk {
  adminToken: string;
  whatsappId: number;
  queue1: Named;
  queue2: Named;
  agent: Agent;
  outsider: Agent;
}

export const CUSTOMER = { from: '5511988887777', name: 'Maria Cliente' };

async function createAgent(
  request: APIRequestContext,
  token: string,
  prefix: string,
  queueIds: number[],
  allTicket: 'enabled' | 'desabled',
): Promise<Agent> {
  const account = { name: unique(prefix), email: uniqueEmail(prefix), password: 'Agent-pass-1' };
  const user = await apiCall<Named>(request, token, 'POST', '/users', {
    ...account,
    profile: 'user',
    queueIds,
    allTicket,
  });
  return { ...account, id: user.id };
}

/** `agentAllTicket` enabled: the agent is told about waiting tickets too (spec §6). */
export async function openSandboxDesk(
  request: APIRequestContext,
  { agentAllTicket = 'desabled' }: { agentAllTicket?: 'enabled' | 'desabled' } = {},
): Promise<Desk> {
  const company = await signupCompany(request, 'Desk');
  const adminToken = await apiSignIn(request, company);
  const queue1 = await apiCall<Named>(request, adminToken, 'POST', '/queue', {
    name: unique('Sales'),
    color: '#1e88e5',
  });
  const queue2 = await apiCall<Named>(request, adminToken, 'POST', '/queue', {
    name: unique('Billing'),
    color: '#e53935',
  });
  const agent = await createAgent(request, adminToken, 'Agent', [queue1.id], agentAllTicket);
  const outsider = await createAgent(request, adminToken, 'Outsider', [queue2.id], 'desabled');

  const line = await apiCall<{ id: number }>(request, adminToken, 'POST', '/whatsapp', {
    name: 'Sandbox line',
    provider: 'sandbox',
    queueIds: [queue1.id],
    isDefault: true,
  });
  await apiCall(request, adminToken, 'POST', `/whatsappsession/${line.id}`);
  // The session shows its QR a moment after the start; the scan is refused until then.
  await expect
    .poll(async () => {
      const scan = await request.post(`/sandbox/connections/${line.id}/scan`, {
        headers: { Authorization: `Bearer ${adminToken}` },
        data: {},
      });
      return scan.ok() ? ((await scan.json()) as { status: string }).status : `${scan.status()} ${await scan.text()}`;
    })
    .toBe('CONNECTED');
  return { adminToken, whatsappId: line.id, queue1, queue2, agent, outsider };
}

/** The customer writes to the sandbox line, exactly as an inbound WhatsApp message arrives. */
export async function customerWrites(request: APIRequestContext, desk: Desk, body: string): Promise<void> {
  await apiCall(request, desk.adminToken, 'POST', `/sandbox/connections/${desk.whatsappId}/messages`, {
    ...CUSTOMER,
    body,
  });
}

/** The customer sends a file (its bytes inline), as WhatsApp delivers a document or a photo. */
export async function customerSendsFile(
  request: APIRequestContext,
  desk: Desk,
  file: { mimetype: string; filename: string; content: string | Buffer },
): Promise<void> {
  await apiCall(request, desk.adminToken, 'POST', `/sandbox/connections/${desk.whatsappId}/messages`, {
    ...CUSTOMER,
    media: { mimetype: file.mimetype, filename: file.filename, base64: Buffer.from(file.content).toString('base64') },
  });
}
