import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Flow } from '@atendo/shared';
import {
  apiCall,
  apiSignIn,
  defaultPlanId,
  E2E_ADMIN,
  pageToken,
  sideMenu,
  signIn,
  signOut,
  signupCompany,
  toast,
  trackSocket,
  unique,
  uniqueEmail,
} from './support/app';
import { expectUsableLayout } from './support/layout';

/**
 * The flows page (/flowbuilders, 'Fluxos de conversa'): an admin adds flows by name, renames,
 * copies, finds and deletes them from each row's menu, and a row opens the flow builder. Behind the
 * `cshow` gate (the company's campaigns) and for the admins only.
 */

type Request = Parameters<typeof signupCompany>[0];

/** A new company's admin, signed in to the browser in Portuguese, with the socket live. */
async function adminInPortuguese(page: Page, request: Request) {
  const company = await signupCompany(request, 'Fluxos');
  const socket = trackSocket(page);
  await signIn(page, company);
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'pt'));
  await page.goto('/');
  await expect.poll(() => socket.ready).toBe(true);
  return company;
}

const flowsTable = (page: Page) => page.getByRole('table', { name: 'Fluxos de conversa' });

/** The row of the flow named exactly `name` (a copy's name starts with its source's). */
const flowRow = (page: Page, name: string): Locator =>
  flowsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

async function rowMenu(page: Page, name: string, item: string): Promise<void> {
  await flowRow(page, name)
    .getByRole('button', { name: `Ações de ${name}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('an admin adds, renames, duplicates, finds and deletes flows, and a row opens its drawing', async ({
  page,
  request,
}) => {
  await adminInPortuguese(page, request);
  await sideMenu(page, 'Menu principal').getByRole('link', { name: 'Fluxos de conversa', exact: true }).click();
  await expect(page).toHaveURL(/\/flowbuilders$/);
  await expect(page.getByRole('heading', { name: 'Fluxos de conversa', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Nenhum fluxo ainda/)).toBeVisible();

  // Spec 2 §5: 2 to 50 characters, with its own words for a missing name.
  await page.getByRole('button', { name: 'Novo fluxo' }).click();
  const add = page.getByRole('dialog', { name: 'Adicionar fluxo' });
  const nameBox = add.getByRole('textbox', { name: /^Nome/ });
  await add.getByRole('button', { name: 'Salvar' }).click();
  await expect(add.getByText('Digite um nome!', { exact: true })).toBeVisible();
  await nameBox.fill('A');
  await expect(add.getByText('Muito curto! Pelo menos 2 caracteres.')).toBeVisible();
  await nameBox.fill('x'.repeat(51));
  await expect(add.getByText('Muito longo! No máximo 50 caracteres.')).toBeVisible();
  const name = unique('Boas-vindas');
  await nameBox.fill(name);
  await add.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Fluxo criado com sucesso')).toBeVisible();
  await expect(add).toBeHidden();
  // Never drawn: inactive, no version.
  await expect(flowRow(page, name)).toContainText('Inativo');
  await expect(flowRow(page, name).getByRole('cell').nth(2)).toHaveText(/0$/);

  await rowMenu(page, name, 'Editar nome');
  const rename = page.getByRole('dialog', { name: 'Editar nome do fluxo' });
  await expect(rename.getByRole('textbox', { name: /^Nome/ })).toHaveValue(name);
  const renamed = `${name} loja`;
  await rename.getByRole('textbox', { name: /^Nome/ }).fill(`  ${renamed} `);
  await rename.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Nome do fluxo alterado com sucesso')).toBeVisible();
  await expect(flowRow(page, renamed)).toBeVisible();
  await expect(flowRow(page, name)).toHaveCount(0);

  await rowMenu(page, renamed, 'Duplicar');
  const copy = `${renamed} (cópia)`;
  await expect(toast(page, `Fluxo duplicado com sucesso: ${copy}`)).toBeVisible();
  await expect(flowRow(page, copy)).toBeVisible();

  const token = await pageToken(page);
  const listed = await apiCall<{ flows: Flow[]; count: number }>(request, token, 'GET', '/flowbuilder');
  expect(listed.flows.map((flow) => flow.name)).toEqual([renamed, copy]);

  // The search finds by part of the name, in any case; a search that finds nothing says so.
  const search = page.getByRole('searchbox', { name: 'Pesquisar' });
  await search.fill('CÓPIA');
  await expect(flowRow(page, renamed)).toHaveCount(0);
  await expect(flowRow(page, copy)).toBeVisible();
  await search.fill('nada-assim');
  await expect(page.getByText('Nenhum fluxo corresponde à busca.')).toBeVisible();
  await search.fill('');
  await expect(flowRow(page, renamed)).toBeVisible();

  await rowMenu(page, copy, 'Excluir');
  const question = page.getByRole('alertdialog', { name: `Excluir ${copy}?` });
  await question.getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Fluxo excluído com sucesso')).toBeVisible();
  await expect(flowRow(page, copy)).toHaveCount(0);

  // Another admin's changes arrive live (company-{id}-flowbuilder), without reloading the page.
  const live = await apiCall<Flow>(request, token, 'POST', '/flowbuilder', { name: unique('Ao vivo') });
  await expect(flowRow(page, live.name)).toContainText('Inativo');
  await apiCall(request, token, 'PUT', '/flowbuilder', { flowId: live.id, name: `${live.name} 2` });
  await expect(flowRow(page, `${live.name} 2`)).toBeVisible();
  await apiCall(request, token, 'DELETE', `/flowbuilder/${live.id}`);
  await expect(flowRow(page, `${live.name} 2`)).toHaveCount(0);

  // A click on the row (not only on its name) opens the flow builder, as does its menu's Editar fluxo.
  const [kept] = listed.flows;
  const opened = page.waitForURL(new RegExp(`/flowbuilder/${kept.id}$`));
  await flowRow(page, renamed).getByText('Inativo').click();
  await opened;
  await page.goto('/flowbuilders');
  const openedFromMenu = page.waitForURL(new RegExp(`/flowbuilder/${kept.id}$`));
  await rowMenu(page, renamed, 'Editar fluxo');
  await openedFromMenu;
});

test('a refused name is shown under the field, translated', async ({ page, request }) => {
  await adminInPortuguese(page, request);
  await page.goto('/flowbuilders');
  // The server checks with the same schema, so the form rarely lets through what it refuses: its
  // answer is stood in for here, to see a field error of the server's shown like the form's own.
  await page.route('**/flowbuilder', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          json: {
            error: 'ERR_VALIDATION',
            fields: [{ field: 'name', message: 'validation.tooLong', params: { max: 50 } }],
          },
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Novo fluxo' }).click();
  const add = page.getByRole('dialog', { name: 'Adicionar fluxo' });
  await add.getByRole('textbox', { name: /^Nome/ }).fill('Atendimento');
  await add.getByRole('button', { name: 'Salvar' }).click();
  await expect(add.getByText('Muito longo! No máximo 50 caracteres.')).toBeVisible();
  await expect(add).toBeVisible();
});

test('agents and supervisors have no flows: no menu entries, and the addresses lead home', async ({
  page,
  request,
}) => {
  const company = await signupCompany(request, 'SemFluxos');
  const token = await apiSignIn(request, company);
  for (const profile of ['user', 'supervisor']) {
    const person = { name: unique(profile), email: uniqueEmail(profile), password: 'Agent-pass-1' };
    await apiCall(request, token, 'POST', '/users', { ...person, profile, queueIds: [] });
    await signIn(page, person);
    await expect(sideMenu(page).getByRole('link', { name: 'Tickets', exact: true })).toBeVisible();
    await expect(sideMenu(page).getByRole('link', { name: 'Conversation flows', exact: true })).toHaveCount(0);
    await expect(sideMenu(page).getByRole('link', { name: 'Flows by phrase', exact: true })).toHaveCount(0);
    for (const path of ['/flowbuilders', '/phrase-lists']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    const refused = await request.get('/flowbuilder', {
      headers: { Authorization: `Bearer ${await pageToken(page)}` },
    });
    expect(refused.status()).toBe(403);
    await signOut(page);
  }
});

test("a company whose campaigns are not shown has no flows, even for its admin (the 'cshow' gate)", async ({
  page,
  request,
}) => {
  const superToken = await apiSignIn(request, E2E_ADMIN);
  const account = { email: uniqueEmail('nocshow'), password: 'Admin-pass-1' };
  await apiCall(request, superToken, 'POST', '/companies', {
    name: unique('Sem campanhas'),
    ...account,
    planId: await defaultPlanId(request),
    campaignsEnabled: false,
  });
  await signIn(page, account);
  await expect(sideMenu(page).getByRole('link', { name: 'Queues', exact: true })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'Conversation flows', exact: true })).toHaveCount(0);
  await expect(sideMenu(page).getByRole('link', { name: 'Flows by phrase', exact: true })).toHaveCount(0);
  await page.goto('/flowbuilders');
  await expect(page).toHaveURL(/\/$/);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1400, height: 900 },
]) {
  test.describe(`at ${viewport.width} px, in Portuguese and the dark theme`, () => {
    test.use({ viewport, colorScheme: 'dark' });

    test('the flows page, its row menu and its dialog fit', async ({ page, request }) => {
      await adminInPortuguese(page, request);
      const token = await pageToken(page);
      const name = unique('Atendimento pós-venda e trocas');
      await apiCall(request, token, 'POST', '/flowbuilder', { name });
      await apiCall(request, token, 'POST', '/flowbuilder', { name: unique('Cobrança') });
      await page.goto('/flowbuilders');
      await expect(flowRow(page, name)).toBeVisible();
      await expectUsableLayout(page, '/flowbuilders');

      await flowRow(page, name)
        .getByRole('button', { name: `Ações de ${name}` })
        .click();
      await expect(page.getByRole('menuitem', { name: 'Duplicar' })).toBeVisible();
      await expectUsableLayout(page, 'the row menu', '[role="menu"]');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Novo fluxo' }).click();
      const add = page.getByRole('dialog', { name: 'Adicionar fluxo' });
      await add.getByRole('button', { name: 'Salvar' }).click();
      await expect(add.getByText('Digite um nome!', { exact: true })).toBeVisible();
      await expectUsableLayout(page, 'the add-flow dialog', '[role="dialog"]');
    });
  });
}
