import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

/**
 * Shared helpers of the browser suite. Every spec runs against one server for the whole run, so
 * each test makes its own data, named with `unique()`.
 */

export { E2E_ADMIN };

export interface Account {
  email: string;
  password: string;
}

/** A company made through the public sign-up call, with its first admin (named after the company). */
export interface Company extends Account {
  id: number;
  name: string;
  dueDate: string;
}

/** A short suffix that keeps names and e-mails unique across tests and runs. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export function uniqueEmail(prefix: string): string {
  return `${unique(prefix)}@e2e.atendo.test`.toLowerCase();
}

/** The seeded plan every company may pick on the sign-up page. */
export async function defaultPlanId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/plans/list');
  expect(response.ok()).toBe(true);
  const plans = (await response.json()) as Array<{ id: number; name: string }>;
  const plan = plans.find((p) => p.name === 'Default');
  if (!plan) throw new Error(`No "Default" plan in ${JSON.stringify(plans)}`);
  return plan.id;
}

/**
 * Setup shortcut: a new company (3-day trial) through POST /companies/cadastro, for tests whose
 * subject is not the sign-up form itself.
 */
export async function signupCompany(request: APIRequestContext, prefix = 'Company'): Promise<Company> {
  const name = unique(prefix);
  const email = uniqueEmail(prefix);
  const password = 'Secret-123';
  const response = await request.post('/companies/cadastro', {
    data: { name, email, password, planId: await defaultPlanId(request) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: number; dueDate: string };
  return { id: body.id, name, email, password, dueDate: body.dueDate };
}

export function userMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: 'User menu' });
}

/** Fills the English sign-in form and submits it; the caller asserts where the app lands. */
export async function submitLogin(page: Page, account: Account, submitLabel = 'Sign in'): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: submitLabel, exact: true }).click();
}

/** Signs in through the login page and waits for the app shell. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, account);
  await expect(userMenuButton(page)).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The side drawer's navigation; its name is translated too ("Menu principal" in Portuguese). */
export function sideMenu(page: Page, name = 'Main menu'): Locator {
  return page.getByRole('navigation', { name });
}

/** A toast: Fluent repeats its text in an aria-live region, so the first copy is the visible one. */
export function toast(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true }).first();
}

/** The access token the page holds, to check results through the API without a new sign-in. */
export async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  if (!token) throw new Error('The page holds no token');
  return token;
}

/** dd/MM/yyyy in the local time zone, as the renderer shows dates (browser and runner share it). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** The background colour of the app's FluentProvider root, as [r, g, b]. */
export async function themeBackground(page: Page): Promise<[number, number, number]> {
  const css = await page.evaluate(() => {
    const root = document.querySelector('#root > .fui-FluentProvider');
    if (!root) throw new Error('No FluentProvider root under #root');
    return window.getComputedStyle(root).backgroundColor;
  });
  const parts = css.match(/\d+(\.\d+)?/g)?.map(Number);
  if (!parts || parts.length < 3) throw new Error(`Unexpected colour ${css}`);
  return [parts[0], parts[1], parts[2]];
}

/** Relative luminance (0 black – 255 white), enough to tell a light page from a dark one. */
export function luminance([r, g, b]: [number, number, number]): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Signs in through the API and returns the access token. Like any sign-in, it ends the user's
 * other session, so never call it for a user the browser is signed in as.
 */
export async function apiSignIn(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/auth/login', { data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A JSON call with a bearer token that must succeed (2xx); answers the parsed body (or null). */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  expect(response.ok(), `${method} ${path} → ${response.status()} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Follows the page's socket.io connections from now on; `ready` turns true once the server has
 * verified one and sent `ready` (from then on it delivers the user's live events). Call it before
 * the sign-in or navigation that opens the socket.
 */
export function trackSocket(page: Page): { readonly ready: boolean } {
  const live = new Set<object>();
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.startsWith('42["ready"')) live.add(socket);
    });
    socket.on('close', () => live.delete(socket));
  });
  return {
    get ready() {
      return live.size > 0;
    },
  };
}

/** Signs in and opens the tickets screen through the side menu, once the socket delivers live events. */
export async function openTicketsScreen(page: Page, account: Account): Promise<void> {
  const socket = trackSocket(page);
  await signIn(page, account);
  await sideMenu(page).getByRole('link', { name: 'Tickets', exact: true }).click();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByText('Pick a ticket to start a conversation.', { exact: true })).toBeVisible();
  await expect.poll(() => socket.ready).toBe(true);
}
