import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Flow, FlowCampaign } from '@atendo/shared';
import { apiCall, pageToken, sideMenu, signIn, signupCompany, toast, trackSocket, unique } from './support/app';
import { expectUsableLayout } from './support/layout';

/**
 * The phrase campaigns (/phrase-lists, 'Fluxos por frase'): a phrase a customer writes on a
 * connection starts a flow. An admin creates, edits, switches off and deletes them; the list
 * follows other admins' changes live.
 */

type Request = Parameters<typeof signupCompany>[0];

interface Setup {
  token: string;
  flows: Flow[];
  line: { id: number; name: string };
}

/** A company with two flows and a connection, its admin signed in to the browser in Portuguese. */
async function companyWithFlows(page: Page, request: Request): Promise<Setup> {
  const company = await signupCompany(request, 'Frases');
  const socket = trackSocket(page);
  await signIn(page, company);
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'pt'));
  await page.goto('/');
  await expect.poll(() => socket.ready).toBe(true);
  // The browser's own token: an API sign-in would end its session.
  const token = await pageToken(page);
  const flows = [
    await apiCall<Flow>(request, token, 'POST', '/flowbuilder', { name: unique('Vendas') }),
    await apiCall<Flow>(request, token, 'POST', '/flowbuilder', { name: unique('Suporte') }),
  ];
  const line = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/whatsapp', {
    name: unique('Linha da loja'),
    provider: 'sandbox',
    queueIds: [],
  });
  return { token, flows, line };
}

const campaignRow = (page: Page, name: string): Locator =>
  page.getByRole('table', { name: 'Fluxos por frase' }).getByRole('row').filter({ hasText: name });

/** Picks a flow in the dialog's search box: typed in part, then chosen from the list. */
async function chooseFlow(dialog: Locator, flow: Flow): Promise<void> {
  const box = dialog.getByRole('combobox', { name: /^Fluxo/ });
  await box.click();
  await box.clear();
  await box.pressSequentially(flow.name.slice(0, 12));
  await dialog.page().getByRole('option', { name: flow.name, exact: true }).click();
  await expect(box).toHaveValue(flow.name);
}

test('an admin creates, edits, switches off and deletes a phrase', async ({ page, request }) => {
  const { token, flows, line } = await companyWithFlows(page, request);
  const [sales] = flows;
  await sideMenu(page, 'Menu principal').getByRole('link', { name: 'Fluxos por frase', exact: true }).click();
  await expect(page).toHaveURL(/\/phrase-lists$/);
  await expect(page.getByRole('heading', { name: 'Fluxos por frase', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Nenhuma frase ainda/)).toBeVisible();

  // Spec 2 §4-§5: a new phrase starts active; name, flow, connection and phrase are required.
  await page.getByRole('button', { name: 'Nova frase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova frase' });
  await expect(dialog.getByRole('switch', { name: 'Ativo' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Obrigatório', { exact: true })).toHaveCount(4);

  const name = unique('Black Friday');
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await chooseFlow(dialog, sales);
  await dialog.getByRole('combobox', { name: /^Conexão/ }).selectOption({ label: line.name });
  await dialog.getByRole('textbox', { name: /^Frase/ }).fill('  quero a promoção ');
  await expect(dialog.getByText('Obrigatório', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Frase criada/alterada com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = campaignRow(page, name);
  for (const text of [sales.name, line.name, 'quero a promoção', 'Ativo']) await expect(row).toContainText(text);

  const {
    flow: [saved],
  } = await apiCall<{ flow: FlowCampaign[] }>(request, token, 'GET', '/flowcampaign');
  expect(saved).toMatchObject({
    name,
    flowId: sales.id,
    whatsappId: line.id,
    phrase: 'quero a promoção',
    status: true,
  });

  // Switched off from its dialog, which opens on what was saved.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar frase' });
  await expect(edit.getByRole('textbox', { name: /^Nome/ })).toHaveValue(name);
  await expect(edit.getByRole('combobox', { name: /^Fluxo/ })).toHaveValue(sales.name);
  await expect(edit.getByRole('combobox', { name: /^Conexão/ })).toHaveValue(String(line.id));
  await expect(edit.getByRole('textbox', { name: /^Frase/ })).toHaveValue('quero a promoção');
  const active = edit.getByRole('switch', { name: 'Ativo' });
  await expect(active).toBeChecked();
  await active.click();
  await expect(active).not.toBeChecked();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Frase criada/alterada com sucesso!')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Desativado');
  expect((await apiCall<FlowCampaign>(request, token, 'GET', `/flowcampaign/${saved.id}`)).status).toBe(false);

  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: `Excluir ${name}?` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(toast(page, 'Frase excluída com sucesso!')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(/^Nenhuma frase ainda/)).toBeVisible();
});

test("the server's refusal of a flow deleted meanwhile is shown under the field, translated", async ({
  page,
  request,
}) => {
  const { token, flows, line } = await companyWithFlows(page, request);
  const [, support] = flows;
  await page.goto('/phrase-lists');
  await page.getByRole('button', { name: 'Nova frase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova frase' });
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(unique('Suporte'));
  await chooseFlow(dialog, support);
  await dialog.getByRole('combobox', { name: /^Conexão/ }).selectOption({ label: line.name });
  await dialog.getByRole('textbox', { name: /^Frase/ }).fill('preciso de ajuda');
  // Another admin deletes the chosen flow before this one saves.
  await apiCall(request, token, 'DELETE', `/flowbuilder/${support.id}`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Escolha uma das opções', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(await apiCall<{ flow: FlowCampaign[] }>(request, token, 'GET', '/flowcampaign')).toEqual({ flow: [] });
});

test("other admins' changes arrive live, and a deleted flow takes its phrases along", async ({ page, request }) => {
  const { token, flows, line } = await companyWithFlows(page, request);
  const [sales, support] = flows;
  await page.goto('/phrase-lists');
  await expect(page.getByText(/^Nenhuma frase ainda/)).toBeVisible();

  const body = (name: string, flow: Flow) => ({
    name,
    flowId: flow.id,
    whatsappId: line.id,
    phrase: name,
    status: true,
  });
  const first = await apiCall<FlowCampaign>(request, token, 'POST', '/flowcampaign', body(unique('Promo'), sales));
  const second = await apiCall<FlowCampaign>(request, token, 'POST', '/flowcampaign', body(unique('Ajuda'), support));
  await expect(campaignRow(page, first.name)).toContainText('Ativo');
  await expect(campaignRow(page, second.name)).toContainText(support.name);

  await apiCall(request, token, 'PUT', '/flowcampaign', { id: first.id, ...body(first.name, sales), status: false });
  await expect(campaignRow(page, first.name)).toContainText('Desativado');

  // The flow's new name shows in its phrases' rows; once deleted, its phrases go with it.
  await apiCall(request, token, 'PUT', '/flowbuilder', { flowId: support.id, name: `${support.name} 2` });
  await expect(campaignRow(page, second.name)).toContainText(`${support.name} 2`);
  await apiCall(request, token, 'DELETE', `/flowbuilder/${support.id}`);
  await expect(campaignRow(page, second.name)).toHaveCount(0);
  await expect(campaignRow(page, first.name)).toBeVisible();

  await apiCall(request, token, 'DELETE', `/flowcampaign/${first.id}`);
  await expect(campaignRow(page, first.name)).toHaveCount(0);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1400, height: 900 },
]) {
  test.describe(`at ${viewport.width} px, in Portuguese and the dark theme`, () => {
    test.use({ viewport, colorScheme: 'dark' });

    test('the phrases page and its dialog fit', async ({ page, request }) => {
      const { token, flows, line } = await companyWithFlows(page, request);
      const name = unique('Campanha de volta às aulas com desconto');
      await apiCall(request, token, 'POST', '/flowcampaign', {
        name,
        flowId: flows[0].id,
        whatsappId: line.id,
        phrase: 'Olá, quero saber mais sobre a promoção de volta às aulas com desconto no material escolar',
        status: false,
      });
      await page.goto('/phrase-lists');
      await expect(campaignRow(page, name)).toContainText('Desativado');
      await expectUsableLayout(page, '/phrase-lists');

      await page.getByRole('button', { name: `Editar ${name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Editar frase' });
      await edit.getByRole('textbox', { name: /^Nome/ }).fill('');
      await edit.getByRole('button', { name: 'Salvar' }).click();
      await expect(edit.getByText('Obrigatório', { exact: true })).toBeVisible();
      await expectUsableLayout(page, 'the phrase dialog', '[role="dialog"]');
    });
  });
}
