import { maskSecret } from '@atendo/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  apiCall,
  apiSignIn,
  E2E_ADMIN,
  pageToken,
  sideMenu,
  signIn,
  signupCompany,
  toast,
  unique,
  uniqueEmail,
} from './support/app';
import { expectUsableLayout } from './support/layout';

/**
 * The queue integrations page (/queue-integration): an admin keeps the company's webhook, n8n,
 * Typebot, Dialogflow and flow integrations, each dialog asking for its type's fields; a webhook's
 * signing secret is read whole once, when it is made; Dialogflow's key is tried on a test session
 * and kept masked; a queue and a connection are given an integration.
 */

interface Integration {
  id: number;
  type: string;
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  signingSecret: string;
}

const SERVICE_ACCOUNT = JSON.stringify(
  {
    type: 'service_account',
    project_id: 'loja-atendimento',
    private_key_id: '0123456789abcdef',
    private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n',
    client_email: 'atendo@loja-atendimento.iam.gserviceaccount.com',
  },
  null,
  2,
);

/** A company on the default plan (which has the integrations), its first admin and one queue. */
async function companyWithQueue(page: Page, request: Parameters<typeof signupCompany>[0]) {
  const company = await signupCompany(request, 'Integrations');
  // Set up before the browser signs in: its sign-in ends this API session.
  const token = await apiSignIn(request, company);
  const queue = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/queue', {
    name: unique('Vendas'),
    color: '#1e88e5',
  });
  await signIn(page, company);
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'pt'));
  return { company, queue };
}

const field = (dialog: Locator, label: RegExp) => dialog.getByRole('textbox', { name: label });
const typeSelect = (dialog: Locator) => dialog.getByRole('combobox', { name: /^Tipo/ });
const saveButton = (dialog: Locator) => dialog.getByRole('button', { name: 'Salvar' });
const required = (dialog: Locator) => dialog.getByText('Obrigatório', { exact: true });

/** The secret shown once, in its own dialog over the page; closed after it is read. */
async function readSecretOnce(page: Page): Promise<string> {
  const shown = page.getByRole('alertdialog', { name: 'Segredo de assinatura' });
  await expect(shown).toContainText('X-Atendo-Signature: sha256=');
  await expect(shown).toContainText('HMAC-SHA256 do corpo');
  const secret = await shown.getByRole('textbox', { name: 'Segredo de assinatura' }).inputValue();
  expect(secret).toMatch(/^whsec_[\w-]{32}$/);
  await shown.getByRole('button', { name: 'Copiar' }).click();
  await expect(toast(page, 'Segredo copiado.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: 'Concluído' }).click();
  await expect(shown).toBeHidden();
  return secret;
}

test('an admin creates, edits, re-keys and deletes a webhook integration, and gives it to a queue', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { queue } = await companyWithQueue(page, request);
  await page.goto('/');
  await sideMenu(page, 'Menu principal').getByRole('link', { name: 'Integrações', exact: true }).click();
  await expect(page).toHaveURL(/\/queue-integration$/);
  await expect(page.getByRole('heading', { name: 'Integrações', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Nenhuma integração ainda/)).toBeVisible();

  await page.getByRole('button', { name: 'Nova integração' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova integração' });
  await expect(typeSelect(dialog)).toHaveValue('webhook');
  await expect(dialog.getByRole('img', { name: 'Webhook' })).toBeVisible();
  // The server names these types' project after them: nothing to ask.
  await expect(field(dialog, /^ID do projeto/)).toHaveCount(0);
  await expect(dialog.getByText('Ao salvar, um segredo de assinatura é gerado e mostrado uma vez.')).toBeVisible();

  // Name and address are required; the address must be http(s).
  await saveButton(dialog).click();
  await expect(required(dialog)).toHaveCount(2);
  await field(dialog, /^Nome/).fill('E');
  await expect(dialog.getByText('Muito curto! Pelo menos 2 caracteres.')).toBeVisible();
  await field(dialog, /^URL do webhook/).fill('ftp://erp.example.com/hooks');
  await expect(dialog.getByText('Informe um endereço http:// ou https://')).toBeVisible();

  // Each type asks for its own fields only, its address named for it.
  await typeSelect(dialog).selectOption({ label: 'n8n' });
  await expect(field(dialog, /^URL do n8n/)).toHaveValue('ftp://erp.example.com/hooks');
  await typeSelect(dialog).selectOption({ label: 'Typebot' });
  await expect(field(dialog, /^URL do Typebot/)).toBeVisible();
  await expect(field(dialog, /^Identificador do bot/)).toBeVisible();
  await expect(dialog.getByText('Ao salvar, um segredo de assinatura é gerado')).toHaveCount(0);
  await typeSelect(dialog).selectOption({ label: 'Dialogflow' });
  await expect(dialog.getByRole('textbox', { name: /^URL/ })).toHaveCount(0);
  await expect(field(dialog, /^ID do projeto/)).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Chave da conta de serviço (JSON)' })).toBeVisible();
  await typeSelect(dialog).selectOption({ label: 'Fluxo de conversa' });
  await expect(dialog.getByRole('textbox')).toHaveCount(1);
  await typeSelect(dialog).selectOption({ label: 'Webhook' });

  const name = unique('ERP de pedidos');
  await field(dialog, /^Nome/).fill(name);
  await field(dialog, /^URL do webhook/).fill('https://erp.example.com/hooks/atendo');
  await expect(dialog.getByText('Informe um endereço http:// ou https://')).toHaveCount(0);
  await saveButton(dialog).click();
  await expect(toast(page, 'Integração salva.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const secret = await readSecretOnce(page);

  const table = page.getByRole('table', { name: 'Integrações' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('img', { name: 'Webhook' })).toBeVisible();

  const token = await pageToken(page);
  const listed = async () =>
    (await apiCall<{ queueIntegrations: Integration[] }>(request, token, 'GET', '/queueIntegration')).queueIntegrations;
  const [saved] = await listed();
  await expect(row).toContainText(String(saved.id));
  // Read whole once: every answer after that has its mask.
  expect(saved).toMatchObject({
    name,
    projectName: name,
    urlN8N: 'https://erp.example.com/hooks/atendo',
    signingSecret: maskSecret(secret),
  });
  const one = () => apiCall<Integration>(request, token, 'GET', `/queueIntegration/${saved.id}`);

  // Edited, it keeps its secret, masked, and takes the new name and address.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar integração' });
  await expect(field(edit, /^URL do webhook/)).toHaveValue('https://erp.example.com/hooks/atendo');
  const secretField = edit.getByRole('group', { name: 'Segredo de assinatura' }).getByRole('textbox');
  await expect(secretField).toHaveValue(maskSecret(secret));
  await expect(secretField).toHaveAttribute('readonly', '');
  const renamed = `${name} v2`;
  await field(edit, /^Nome/).fill(renamed);
  await field(edit, /^URL do webhook/).fill('https://erp.example.com/hooks/atendo-v2');
  await saveButton(edit).click();
  await expect(toast(page, 'Integração salva.')).toBeVisible();
  await expect(edit).toBeHidden();
  // Saving an edit shows no secret: none was made.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const renamedRow = table.getByRole('row').filter({ hasText: renamed });
  await expect(renamedRow).toBeVisible();
  expect(await one()).toMatchObject({
    name: renamed,
    projectName: renamed,
    urlN8N: 'https://erp.example.com/hooks/atendo-v2',
    signingSecret: maskSecret(secret),
  });

  // A new secret, asked first since the old one stops signing; shown once, then masked.
  await renamedRow.getByRole('button', { name: `Editar ${renamed}` }).click();
  const again = page.getByRole('dialog', { name: 'Editar integração' });
  await again.getByRole('button', { name: 'Gerar novo segredo' }).click();
  const question = page.getByRole('alertdialog', { name: 'Gerar um novo segredo?' });
  await expect(question).toContainText('O segredo atual deixa de assinar os envios na hora');
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(question).toBeHidden();
  expect((await one()).signingSecret).toBe(maskSecret(secret));
  await again.getByRole('button', { name: 'Gerar novo segredo' }).click();
  await question.getByRole('button', { name: 'Gerar novo segredo' }).click();
  const rotated = await readSecretOnce(page);
  expect(rotated).not.toBe(secret);
  const againSecret = again.getByRole('group', { name: 'Segredo de assinatura' }).getByRole('textbox');
  await expect(againSecret).toHaveValue(maskSecret(rotated));
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await expect(again).toBeHidden();
  expect((await one()).signingSecret).toBe(maskSecret(rotated));

  // The queue dialog offers the company's integrations and prompts; the choice is kept.
  await page.goto('/queues');
  await page.getByRole('button', { name: `Editar ${queue.name}` }).click();
  const queueDialog = page.getByRole('dialog', { name: 'Editar fila' });
  const queueIntegration = queueDialog.getByRole('combobox', { name: 'Integração' });
  await expect(queueIntegration).toHaveValue('');
  await expect(queueDialog.getByRole('combobox', { name: 'Prompt (IA)' })).toHaveValue('');
  await queueIntegration.selectOption({ label: renamed });
  await saveButton(queueDialog).click();
  await expect(toast(page, 'Fila salva.')).toBeVisible();
  await expect(queueDialog).toBeHidden();
  const queueNow = () => apiCall<{ integrationId: number | null }>(request, token, 'GET', `/queue/${queue.id}`);
  expect((await queueNow()).integrationId).toBe(saved.id);
  await page.getByRole('button', { name: `Editar ${queue.name}` }).click();
  await expect(queueIntegration).toHaveValue(String(saved.id));
  await queueDialog.getByRole('button', { name: 'Cancelar' }).click();

  // Deleted, it leaves the queue, whose dialog shows none again.
  await page.goto('/queue-integration');
  await renamedRow.getByRole('button', { name: `Excluir ${renamed}` }).click();
  await page
    .getByRole('alertdialog', { name: `Excluir ${renamed}?` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(toast(page, 'Integração excluída.')).toBeVisible();
  await expect(renamedRow).toHaveCount(0);
  await expect(page.getByText(/^Nenhuma integração ainda/)).toBeVisible();
  expect((await queueNow()).integrationId).toBeNull();
  await page.goto('/queues');
  await page.getByRole('button', { name: `Editar ${queue.name}` }).click();
  await expect(queueIntegration).toHaveValue('');
  await expect(queueIntegration.getByRole('option')).toHaveText(['Nenhuma']);
});

test('a Dialogflow integration tests its session and keeps its key masked, and a Typebot one its settings', async ({
  page,
  request,
}) => {
  await companyWithQueue(page, request);
  await page.goto('/queue-integration');

  await page.getByRole('button', { name: 'Nova integração' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova integração' });
  await typeSelect(dialog).selectOption({ label: 'Dialogflow' });
  await expect(dialog.getByRole('img', { name: 'Dialogflow' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: /^Idioma/ })).toHaveValue('pt-BR');
  // A test session needs the project and the key; saving, the name too.
  const testSession = dialog.getByRole('button', { name: 'Testar sessão' });
  await testSession.click();
  await expect(required(dialog)).toHaveCount(2);
  await saveButton(dialog).click();
  await expect(required(dialog)).toHaveCount(3);
  const name = unique('Robô Dialogflow');
  await field(dialog, /^Nome/).fill(name);
  const key = dialog.getByRole('group', { name: 'Chave da conta de serviço (JSON)' }).locator('textarea');
  await key.fill('{"type": "service_account"}');
  await field(dialog, /^ID do projeto/).fill('loja-atendimento');
  // The server reads the key before it calls anyone: one without its e-mail and private key is refused.
  await testSession.click();
  await expect(dialog.getByText('Valor inválido', { exact: true })).toBeVisible();
  await key.fill(SERVICE_ACCOUNT);
  await expect(dialog.getByText('Valor inválido', { exact: true })).toHaveCount(0);
  // The server's stand-in of Dialogflow fails any project named so.
  await field(dialog, /^ID do projeto/).fill('projeto-fail');
  await testSession.click();
  await expect(
    toast(page, 'O serviço da integração não respondeu ao teste. Confira o projeto, as credenciais e o idioma.'),
  ).toBeVisible();
  await field(dialog, /^ID do projeto/).fill('loja-atendimento');
  await testSession.click();
  await expect(
    toast(
      page,
      'Sessão de teste concluída. O agente respondeu: Olá! Sou o agente de triagem. Posso ajudar com pedidos e horários.',
    ),
  ).toBeVisible();
  await dialog.getByRole('combobox', { name: /^Idioma/ }).selectOption({ label: 'Espanhol' });
  // Typed, the key is drawn as discs until asked for.
  const drawnAs = () => key.evaluate((area) => getComputedStyle(area).getPropertyValue('-webkit-text-security'));
  expect(await drawnAs()).toBe('disc');
  await dialog.getByRole('button', { name: 'Mostrar a chave' }).click();
  expect(await drawnAs()).toBe('none');
  await saveButton(dialog).click();
  await expect(toast(page, 'Integração salva.')).toBeVisible();
  // Dialogflow posts nothing to sign: no secret to read.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Integrações' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('img', { name: 'Dialogflow' })).toBeVisible();

  // Reopened, the key is its mask, read-only; saved unchanged, the stored key stays.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar integração' });
  const savedKey = edit.getByRole('group', { name: 'Chave da conta de serviço (JSON)' }).locator('textarea');
  await expect(savedKey).toHaveValue(maskSecret(SERVICE_ACCOUNT));
  await expect(savedKey).toHaveAttribute('readonly', '');
  await expect(edit.getByRole('combobox', { name: /^Idioma/ })).toHaveValue('es');
  await expect(field(edit, /^ID do projeto/)).toHaveValue('loja-atendimento');
  await expect(edit.getByRole('group', { name: 'Segredo de assinatura' })).toHaveCount(0);
  // The mask tests the stored key; greeted in Spanish, the stand-in agent falls back.
  await edit.getByRole('button', { name: 'Testar sessão' }).click();
  await expect(
    toast(page, 'Sessão de teste concluída. O agente respondeu: Desculpe, não entendi. Pode repetir de outro jeito?'),
  ).toBeVisible();
  await saveButton(edit).click();
  await expect(edit).toBeHidden();
  const token = await pageToken(page);
  const { queueIntegrations } = await apiCall<{ queueIntegrations: Integration[] }>(
    request,
    token,
    'GET',
    '/queueIntegration',
  );
  expect(queueIntegrations.map((i) => [i.type, i.projectName, i.language, i.jsonContent])).toEqual([
    ['dialogflow', 'loja-atendimento', 'es', maskSecret(SERVICE_ACCOUNT)],
  ]);

  // Typebot: the spec's defaults, its required bot, the delay's bound.
  await page.getByRole('button', { name: 'Nova integração' }).click();
  await typeSelect(dialog).selectOption({ label: 'Typebot' });
  await expect(dialog.getByRole('spinbutton', { name: /^Recomeçar após silêncio/ })).toHaveValue('1');
  const delay = dialog.getByRole('spinbutton', { name: /^Intervalo entre mensagens/ });
  await expect(delay).toHaveValue('1000');
  await saveButton(dialog).click();
  await expect(required(dialog)).toHaveCount(3);
  await delay.fill('20000');
  await expect(dialog.getByText('Valor acima do máximo')).toBeVisible();
  const bot = unique('Bot de boas-vindas');
  await field(dialog, /^Nome/).fill(bot);
  await field(dialog, /^URL do Typebot/).fill('https://typebot.example.com');
  await field(dialog, /^Identificador do bot/).fill('boas-vindas-2024');
  await dialog.getByRole('spinbutton', { name: /^Recomeçar após silêncio/ }).fill('30');
  await delay.fill('1500');
  await field(dialog, /^Palavra para encerrar/).fill('sair');
  await field(dialog, /^Palavra para recomeçar/).fill('menu');
  await field(dialog, /^Mensagem ao recomeçar/).fill('Vamos começar de novo.');
  await field(dialog, /^Mensagem para resposta não entendida/).fill('Não entendi, escolha uma das opções.');
  await saveButton(dialog).click();
  await expect(dialog).toBeHidden();
  const botRow = table.getByRole('row').filter({ hasText: bot });
  await expect(botRow.getByRole('img', { name: 'Typebot' })).toBeVisible();

  await botRow.getByRole('button', { name: `Editar ${bot}` }).click();
  await expect(field(edit, /^Identificador do bot/)).toHaveValue('boas-vindas-2024');
  await expect(edit.getByRole('spinbutton', { name: /^Recomeçar após silêncio/ })).toHaveValue('30');
  await expect(field(edit, /^Palavra para recomeçar/)).toHaveValue('menu');
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  const typebot = (
    await apiCall<{ queueIntegrations: Integration[] }>(request, token, 'GET', '/queueIntegration')
  ).queueIntegrations.find((i) => i.name === bot);
  expect(typebot).toMatchObject({
    type: 'typebot',
    projectName: bot,
    urlN8N: 'https://typebot.example.com',
    typebotSlug: 'boas-vindas-2024',
    typebotExpires: 30,
    typebotDelayMessage: 1500,
    typebotKeywordFinish: 'sair',
    typebotKeywordRestart: 'menu',
    typebotRestartMessage: 'Vamos começar de novo.',
    typebotUnknownMessage: 'Não entendi, escolha uma das opções.',
    jsonContent: '',
  });

  // Another admin's changes arrive live (company-{id}-queueIntegration), without reloading.
  const live = await apiCall<Integration>(request, token, 'POST', '/queueIntegration', {
    type: 'n8n',
    name: unique('Fluxo n8n ao vivo'),
    urlN8N: 'https://n8n.example.com/webhook/atendo',
  });
  const liveRow = table.getByRole('row').filter({ hasText: live.name });
  await expect(liveRow.getByRole('img', { name: 'n8n' })).toBeVisible();
  await apiCall(request, token, 'DELETE', `/queueIntegration/${live.id}`);
  await expect(liveRow).toHaveCount(0);
});

test('a connection is given an integration from its dialog', async ({ page, request }) => {
  const company = await signupCompany(request, 'Integrations');
  const token = await apiSignIn(request, company);
  const integration = await apiCall<Integration>(request, token, 'POST', '/queueIntegration', {
    type: 'webhook',
    name: unique('Webhook da linha'),
    urlN8N: 'https://erp.example.com/hooks/line',
  });
  const line = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/whatsapp', {
    name: unique('Linha'),
    provider: 'sandbox',
    queueIds: [],
  });
  await signIn(page, company);
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'pt'));
  await page.goto('/connections');
  await page.getByRole('button', { name: `Editar ${line.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar conexão' });
  const select = dialog.getByRole('combobox', { name: 'Integração' });
  await expect(select).toHaveValue('');
  await select.selectOption({ label: integration.name });
  await saveButton(dialog).click();
  await expect(dialog).toBeHidden();
  const browserToken = await pageToken(page);
  const saved = await apiCall<{ integrationId: number | null }>(request, browserToken, 'GET', `/whatsapp/${line.id}`);
  expect(saved.integrationId).toBe(integration.id);
  await page.getByRole('button', { name: `Editar ${line.name}` }).click();
  await expect(select).toHaveValue(String(integration.id));
});

test('a flow integration names the flow it starts, chosen by searching its name', async ({ page, request }) => {
  const company = await signupCompany(request, 'Integrations');
  const token = await apiSignIn(request, company);
  const flow = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/flowbuilder', {
    name: unique('Boas-vindas'),
  });
  await signIn(page, company);
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'pt'));
  await page.goto('/queue-integration');
  await page.getByRole('button', { name: 'Nova integração' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova integração' });
  await typeSelect(dialog).selectOption({ label: 'Fluxo de conversa' });
  const name = unique('Recepção');
  await field(dialog, /^Nome/).fill(name);
  await saveButton(dialog).click();
  // No flow chosen: the field says so and nothing is saved.
  await expect(dialog.getByText('Obrigatório', { exact: true })).toBeVisible();
  const box = dialog.getByRole('combobox', { name: /^Fluxo/ });
  await box.click();
  await box.pressSequentially(flow.name.slice(0, 10));
  await page.getByRole('option', { name: flow.name, exact: true }).click();
  await saveButton(dialog).click();
  await expect(toast(page, 'Integração salva.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const browserToken = await pageToken(page);
  const { queueIntegrations } = await apiCall<{ queueIntegrations: (Integration & { flowId: number })[] }>(
    request,
    browserToken,
    'GET',
    '/queueIntegration',
  );
  expect(queueIntegrations.map((i) => [i.name, i.flowId])).toEqual([[name, flow.id]]);
  // Opened again, the dialog shows the flow by its name.
  await page.getByRole('button', { name: `Editar ${name}` }).click();
  await expect(
    page.getByRole('dialog', { name: 'Editar integração' }).getByRole('combobox', { name: /^Fluxo/ }),
  ).toHaveValue(flow.name);
});

test('a company whose plan lacks integrations has no menu entry nor selects, and the address goes home', async ({
  page,
  request,
}) => {
  const superToken = await apiSignIn(request, E2E_ADMIN);
  const plan = await apiCall<{ id: number }>(request, superToken, 'POST', '/plans', {
    name: unique('Sem integrações'),
    useIntegrations: false,
  });
  const account = { email: uniqueEmail('nointegrations'), password: 'Admin-pass-1' };
  await apiCall(request, superToken, 'POST', '/companies', {
    name: unique('Sem integrações'),
    ...account,
    planId: plan.id,
  });
  const token = await apiSignIn(request, account);
  const queue = await apiCall<{ name: string }>(request, token, 'POST', '/queue', {
    name: unique('Suporte'),
    color: '#43a047',
  });
  await signIn(page, account);
  await expect(sideMenu(page).getByRole('link', { name: 'Queues', exact: true })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'Integrations', exact: true })).toHaveCount(0);

  // The queue dialog has no integration to offer (the plan's AI prompts still are).
  await page.goto('/queues');
  await page.getByRole('button', { name: `Edit ${queue.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit queue' });
  await expect(dialog.getByRole('combobox', { name: 'Prompt (AI)' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Integration' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/queue-integration');
  // Spec 2 §8: it says why, then goes home a second later.
  await expect(toast(page, 'This company has no access to this page! Redirecting you.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1400, height: 900 },
]) {
  test.describe(`at ${viewport.width} px, in Portuguese and the dark theme`, () => {
    test.use({ viewport, colorScheme: 'dark' });

    test('the page and the dialogs of each type fit', async ({ page, request }) => {
      await companyWithQueue(page, request);
      const token = await pageToken(page);
      const webhook = await apiCall<Integration>(request, token, 'POST', '/queueIntegration', {
        type: 'webhook',
        name: unique('Webhook do ERP de pedidos e trocas'),
        urlN8N: 'https://erp.example.com/atendo/webhooks/pedidos-e-trocas-de-mercadorias',
      });
      const typebot = await apiCall<Integration>(request, token, 'POST', '/queueIntegration', {
        type: 'typebot',
        name: unique('Bot de boas-vindas e triagem'),
        urlN8N: 'https://typebot.example.com',
        typebotSlug: 'boas-vindas-e-triagem-dos-clientes',
      });
      const dialogflow = await apiCall<Integration>(request, token, 'POST', '/queueIntegration', {
        type: 'dialogflow',
        name: unique('Agente Dialogflow de vendas'),
        projectName: 'loja-atendimento-vendas',
        jsonContent: SERVICE_ACCOUNT,
        language: 'pt-BR',
      });
      await page.goto('/queue-integration');
      const table = page.getByRole('table', { name: 'Integrações' });
      await expect(table.getByText(dialogflow.name)).toBeVisible();
      await expectUsableLayout(page, '/queue-integration');

      await page.getByRole('button', { name: `Editar ${typebot.name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Editar integração' });
      await expect(edit.getByRole('textbox', { name: /^Identificador do bot/ })).toBeVisible();
      await expectUsableLayout(page, 'the Typebot dialog', '[role="dialog"]');
      await edit.getByRole('button', { name: 'Cancelar' }).click();

      await page.getByRole('button', { name: `Editar ${dialogflow.name}` }).click();
      // The widest the key gets: a new one being typed, beside its show and keep buttons.
      const key = edit.getByRole('group', { name: 'Chave da conta de serviço (JSON)' });
      await key.getByRole('button', { name: 'Substituir' }).click();
      await key.locator('textarea').fill(SERVICE_ACCOUNT);
      await expect(key.getByRole('button', { name: 'Manter a chave salva' })).toBeVisible();
      await expectUsableLayout(page, 'the Dialogflow dialog', '[role="dialog"]');
      await edit.getByRole('button', { name: 'Cancelar' }).click();

      await page.getByRole('button', { name: `Editar ${webhook.name}` }).click();
      await expect(edit.getByRole('button', { name: 'Gerar novo segredo' })).toBeVisible();
      await expectUsableLayout(page, 'the webhook dialog', '[role="dialog"]');
      await edit.getByRole('button', { name: 'Gerar novo segredo' }).click();
      await page
        .getByRole('alertdialog', { name: 'Gerar um novo segredo?' })
        .getByRole('button', { name: 'Gerar novo segredo' })
        .click();
      const shown = page.getByRole('alertdialog', { name: 'Segredo de assinatura' });
      await expect(shown.getByRole('textbox')).toHaveValue(/^whsec_/);
      await expectUsableLayout(page, 'the signing secret', '[role="alertdialog"]');
    });
  });
}
