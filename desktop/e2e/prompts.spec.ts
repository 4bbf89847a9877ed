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
 * The AI agents page (/prompts): an admin writes an agent for a queue with the company's OpenAI
 * key, which the server keeps and never answers whole; the form shows the saved key masked and
 * replaces it only when asked.
 */

interface Prompt {
  id: number;
  name: string;
  apiKey: string;
  maxTokens: number;
  queue: { id: number; name: string };
}

const INSTRUCTIONS =
  'Você é a assistente virtual da loja. Responda com educação, em frases curtas, sobre pedidos, trocas e prazos de entrega.';

/** A company on the default plan (which has the AI agents), its first admin and one queue. */
async function companyWithQueue(page: Page, request: Parameters<typeof signupCompany>[0]) {
  const company = await signupCompany(request, 'Prompts');
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

const secretInput = (dialog: Locator, name: string) => dialog.getByRole('group', { name }).locator('input');

test('an admin creates an AI agent, edits it keeping its key, replaces the key and deletes it', async ({
  page,
  request,
}) => {
  const { queue } = await companyWithQueue(page, request);
  await page.goto('/');
  await sideMenu(page, 'Menu principal').getByRole('link', { name: 'Agentes de IA', exact: true }).click();
  await expect(page).toHaveURL(/\/prompts$/);
  await expect(page.getByRole('heading', { name: 'Agentes de IA', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Nenhum agente ainda/)).toBeVisible();

  await page.getByRole('button', { name: 'Novo agente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo agente de IA' });
  // Spec 2 §9: the defaults.
  await expect(dialog.getByRole('combobox', { name: /^Modelo/ })).toHaveValue('gpt-3.5-turbo-1106');
  await expect(dialog.getByRole('spinbutton', { name: /^Máximo de tokens/ })).toHaveValue('100');
  await expect(dialog.getByRole('spinbutton', { name: /^Temperatura/ })).toHaveValue('1');
  await expect(dialog.getByRole('spinbutton', { name: /^Mensagens no contexto/ })).toHaveValue('10');
  await expect(dialog.getByRole('combobox', { name: /^Resposta/ })).toHaveValue('texto');
  await expect(dialog.getByRole('group', { name: 'Chave do Azure Speech' })).toHaveCount(0);

  // Name, instructions, queue and key are required.
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Obrigatório', { exact: true })).toHaveCount(4);
  const name = unique('Assistente de vendas');
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Ana');
  await dialog.getByRole('textbox', { name: /^Instruções/ }).fill('Seja gentil.');
  await expect(dialog.getByText('Muito curto! Pelo menos 5 caracteres.')).toBeVisible();
  await expect(dialog.getByText('Muito curto! Pelo menos 50 caracteres.')).toBeVisible();

  // A voice needs Azure Speech's key and region; answering in text does not ask for them.
  await dialog.getByRole('combobox', { name: /^Resposta/ }).selectOption({ label: 'Francisca' });
  await expect(dialog.getByRole('textbox', { name: /^Região do Azure Speech/ })).toBeVisible();
  await expect(dialog.getByText('Obrigatório', { exact: true })).toHaveCount(4);
  await dialog.getByRole('combobox', { name: /^Resposta/ }).selectOption({ label: 'Texto' });
  await expect(dialog.getByRole('group', { name: 'Chave do Azure Speech' })).toHaveCount(0);

  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^Instruções/ }).fill(INSTRUCTIONS);
  await dialog.getByRole('combobox', { name: /^Fila/ }).selectOption({ label: queue.name });
  await dialog.getByRole('spinbutton', { name: /^Máximo de tokens/ }).fill('250');
  const apiKey = secretInput(dialog, 'Chave da API da OpenAI');
  await apiKey.fill('sk-test-0123456789abcdef');
  // Typed, the key stays hidden until asked for.
  await expect(apiKey).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Mostrar a chave' }).click();
  await expect(apiKey).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  // Saving gives the queue its agent, and says so.
  await expect(toast(page, `Agente salvo. Ele agora atende a fila “${queue.name}”.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Agentes de IA' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(queue.name);
  await expect(row).toContainText('250');

  // Reopened, the key is only its mask, read-only.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar agente de IA' });
  const savedKey = secretInput(edit, 'Chave da API da OpenAI');
  await expect(savedKey).toHaveValue('••••••••cdef');
  await expect(savedKey).toHaveAttribute('readonly', '');
  await expect(edit.getByRole('combobox', { name: /^Fila/ })).toHaveValue(String(queue.id));
  const renamed = `${name} (loja)`;
  await edit.getByRole('textbox', { name: /^Nome/ }).fill(renamed);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  const renamedRow = table.getByRole('row').filter({ hasText: renamed });
  await expect(renamedRow).toBeVisible();

  const token = await pageToken(page);
  const { prompts: kept } = await apiCall<{ prompts: Prompt[] }>(request, token, 'GET', '/prompt');
  expect(kept.map((p) => [p.name, p.apiKey, p.maxTokens, p.queue.name])).toEqual([
    [renamed, '••••••••cdef', 250, queue.name],
  ]);

  // Replacing empties the field; emptied, it is required; "keep" brings the saved key back.
  await renamedRow.getByRole('button', { name: `Editar ${renamed}` }).click();
  const again = page.getByRole('dialog', { name: 'Editar agente de IA' });
  const key = secretInput(again, 'Chave da API da OpenAI');
  await again.getByRole('button', { name: 'Substituir' }).click();
  await expect(key).toHaveValue('');
  await expect(key).toBeFocused();
  await again.getByRole('button', { name: 'Salvar' }).click();
  await expect(again.getByText('Obrigatório', { exact: true })).toHaveCount(1);
  await again.getByRole('button', { name: 'Manter a chave salva' }).click();
  await expect(key).toHaveValue('••••••••cdef');
  await expect(again.getByText('Obrigatório', { exact: true })).toHaveCount(0);
  await again.getByRole('button', { name: 'Substituir' }).click();
  await key.fill('sk-test-replaced-key-9876');
  await again.getByRole('button', { name: 'Salvar' }).click();
  await expect(again).toBeHidden();
  await expect
    .poll(async () => (await apiCall<Prompt>(request, token, 'GET', `/prompt/${kept[0].id}`)).apiKey)
    .toBe('••••••••9876');

  await renamedRow.getByRole('button', { name: `Excluir ${renamed}` }).click();
  await page
    .getByRole('alertdialog', { name: `Excluir ${renamed}?` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(toast(page, 'Agente excluído.')).toBeVisible();
  await expect(renamedRow).toHaveCount(0);
  await expect(page.getByText(/^Nenhum agente ainda/)).toBeVisible();

  // Another admin's changes arrive live (company-{id}-prompt), without reloading the page.
  const live = await apiCall<Prompt>(request, token, 'POST', '/prompt', {
    name: unique('Agente ao vivo'),
    prompt: INSTRUCTIONS,
    model: 'gpt-4o-mini',
    maxTokens: 120,
    temperature: 0.5,
    apiKey: 'sk-test-live-0123456789',
    queueId: queue.id,
    maxMessages: 5,
    voice: 'texto',
    voiceKey: '',
    voiceRegion: '',
  });
  const liveRow = table.getByRole('row').filter({ hasText: live.name });
  await expect(liveRow).toContainText('120');
  await apiCall(request, token, 'DELETE', `/prompt/${live.id}`);
  await expect(liveRow).toHaveCount(0);
});

test('a company whose plan lacks the AI agents has no menu entry, and the address goes home', async ({
  page,
  request,
}) => {
  const superToken = await apiSignIn(request, E2E_ADMIN);
  const plan = await apiCall<{ id: number }>(request, superToken, 'POST', '/plans', {
    name: unique('Sem IA'),
    useOpenAi: false,
  });
  const account = { email: uniqueEmail('noprompts'), password: 'Admin-pass-1' };
  await apiCall(request, superToken, 'POST', '/companies', { name: unique('Sem IA'), ...account, planId: plan.id });
  await signIn(page, account);
  await expect(sideMenu(page).getByRole('link', { name: 'Queues', exact: true })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'AI agents', exact: true })).toHaveCount(0);
  await page.goto('/prompts');
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

    test('the page and the dialog of an agent with a voice fit', async ({ page, request }) => {
      const { queue } = await companyWithQueue(page, request);
      const name = unique('Atendimento pós-venda, trocas e devoluções');
      await apiCall(request, await pageToken(page), 'POST', '/prompt', {
        name,
        prompt: INSTRUCTIONS,
        model: 'gpt-4o-mini',
        maxTokens: 300,
        temperature: 0.7,
        apiKey: 'sk-test-0123456789abcdef',
        queueId: queue.id,
        maxMessages: 10,
        voice: 'pt-BR-GiovannaNeural',
        voiceKey: '0123456789abcdef0123456789abcdef',
        voiceRegion: 'brazilsouth',
      });
      await page.goto('/prompts');
      await expect(page.getByRole('table', { name: 'Agentes de IA' }).getByText(name)).toBeVisible();
      await expectUsableLayout(page, '/prompts');

      await page.getByRole('button', { name: `Editar ${name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Editar agente de IA' });
      await expect(edit.getByRole('combobox', { name: /^Resposta/ })).toHaveValue('pt-BR-GiovannaNeural');
      const voiceKey = edit.getByRole('group', { name: 'Chave do Azure Speech' });
      await expect(voiceKey.locator('input')).toHaveValue('••••••••cdef');
      // The widest the secret fields get: a new key being typed, beside its show and keep buttons.
      await voiceKey.getByRole('button', { name: 'Substituir' }).click();
      await expect(voiceKey.getByRole('button', { name: 'Manter a chave salva' })).toBeVisible();
      await expectUsableLayout(page, 'the agent dialog', '[role="dialog"]');
    });
  });
}
