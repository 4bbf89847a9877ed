import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { FlowWithGraph } from '@atendo/shared';
import { apiCall, apiSignIn, pageToken, signIn, signupCompany, toast, unique } from './support/app';
import { expectUsableLayout } from './support/layout';

/**
 * The flow editor (/flowbuilder/{id}): an admin draws a flow from the add menu, links its blocks
 * by dragging from handle to handle, saves it, finds it unchanged after a reload, and talks to
 * the unsaved draft in the Test panel, which runs it on the server's own executors.
 */

/** A company (the default plan shows the flow builder), a flow made through the API, signed in in Portuguese. */
async function flowDesk(page: Page, request: APIRequestContext, prefix = 'Fluxos') {
  const company = await signupCompany(request, prefix);
  // Set up before the browser signs in: its sign-in ends this API session.
  const token = await apiSignIn(request, company);
  const flow = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/flowbuilder', {
    name: unique('Boas-vindas'),
  });
  await signIn(page, company);
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'pt'));
  return { company, flow };
}

const canvasNode = (page: Page, type: string): Locator => page.locator(`.react-flow__node-${type}`);
const sourceHandle = (node: Locator, handle = 'a') =>
  node.locator(`.react-flow__handle.source[data-handleid="${handle}"]`);
const targetHandle = (node: Locator) => node.locator('.react-flow__handle.target');

/** Presses on one handle and lets go over another, as a person draws a line. */
async function drawLine(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('A handle is not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2 + 20, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

async function addBlock(page: Page, label: string) {
  await page.getByRole('button', { name: 'Adicionar bloco' }).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
}

/** Where every block stands on the canvas (its own transform), by id. */
const placements = (page: Page) =>
  page
    .locator('.react-flow__node')
    .evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-id'), (n as HTMLElement).style.transform]).sort());

const fitView = (page: Page) => page.getByRole('button', { name: /fit view/i }).click();

test('an admin draws a flow from the add menu, links it by dragging, saves it, reloads it unchanged and tests the draft', async ({
  page,
  request,
}) => {
  const { flow } = await flowDesk(page, request);
  await page.goto(`/flowbuilder/${flow.id}`);
  await expect(page.getByRole('heading', { name: 'Desenhe seu fluxo', level: 1 })).toBeVisible();
  await expect(page.getByTestId('flow-name')).toHaveText(flow.name);
  await expect(page.locator('.react-flow__background')).toBeVisible();
  await expect(page.locator('.react-flow__controls')).toBeVisible();
  await expect(page.locator('.react-flow__minimap')).toBeVisible();

  // Saving an empty drawing is stopped here, by the same check the server makes.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('flow-problem')).toContainText('o fluxo precisa de um bloco Inicio');

  // The start goes in at 250,100 at once; a second one replaces it.
  await addBlock(page, 'Inicio');
  await addBlock(page, 'Inicio');
  await expect(canvasNode(page, 'start')).toHaveCount(1);
  await expect(canvasNode(page, 'start')).toHaveAttribute('data-id', '1');
  await expect(page.getByText('Alterações não guardadas: lembre-se de guardar')).toBeVisible();

  await addBlock(page, 'Mensagem');
  let dialog = page.getByRole('dialog', { name: 'Adicionar Mensagem ao fluxo' });
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Obrigatório', { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Olá! Bem-vindo à loja.');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();

  await addBlock(page, 'Menu');
  dialog = page.getByRole('dialog', { name: 'Adicionar Menu ao fluxo' });
  await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Como podemos ajudar?');
  await dialog.getByRole('textbox', { name: 'Texto da opção 1' }).fill('Vendas');
  await dialog.getByRole('button', { name: 'Adicionar opção' }).click();
  await dialog.getByRole('textbox', { name: 'Texto da opção 2' }).fill('Suporte');
  await expect(dialog.getByRole('spinbutton', { name: 'Número da opção 2' })).toHaveValue('2');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog).toBeHidden();

  await addBlock(page, 'Pergunta');
  dialog = page.getByRole('dialog', { name: 'Adicionar Pergunta ao fluxo' });
  await dialog.getByRole('textbox', { name: /^Pergunta/ }).fill('Qual o seu nome?');
  await dialog.getByRole('textbox', { name: /^Guardar resposta/ }).fill('nome');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('variables'))).toBe('["nome"]');

  // A message quoting the answer, put in from the variables menu.
  await addBlock(page, 'Mensagem');
  dialog = page.getByRole('dialog', { name: 'Adicionar Mensagem ao fluxo' });
  await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Obrigado, ');
  await dialog.getByRole('button', { name: 'Inserir variável' }).click();
  await page.getByRole('menuitem', { name: '{{nome}}' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Mensagem/ })).toHaveValue('Obrigado, {{nome}}');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog).toBeHidden();

  // New blocks go in a row, each right of the last.
  const messages = canvasNode(page, 'message');
  const welcome = messages.filter({ hasText: 'Olá! Bem-vindo à loja.' });
  const thanks = messages.filter({ hasText: 'Obrigado, {{nome}}' });
  const menu = canvasNode(page, 'menu');
  const question = canvasNode(page, 'question');
  await expect(menu).toContainText('1 - Vendas');
  await expect(menu).toContainText('2 - Suporte');

  await fitView(page);
  await drawLine(page, sourceHandle(canvasNode(page, 'start')), targetHandle(welcome));
  await drawLine(page, sourceHandle(welcome), targetHandle(menu));
  await drawLine(page, sourceHandle(menu, 'a1'), targetHandle(question));
  await drawLine(page, sourceHandle(question), targetHandle(thanks));
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);

  // Undo takes the last line away; redo (and Ctrl+Y) bring it back.
  await page.getByRole('button', { name: 'Desfazer (Ctrl+Z)' }).click();
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);
  await page.keyboard.press('Control+y');
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);

  // A block selected has the blue border; an arrow key nudges it, and undo puts it back.
  await question.click();
  await expect(question).toHaveClass(/selected/);
  const before = await question.evaluate((n) => (n as HTMLElement).style.transform);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => question.evaluate((n) => (n as HTMLElement).style.transform)).not.toBe(before);
  await page.keyboard.press('Control+z');
  await expect.poll(() => question.evaluate((n) => (n as HTMLElement).style.transform)).toBe(before);

  // Duplicated, then deleted with the key, the copy takes its lines with it.
  await question.getByRole('button', { name: 'Duplicar Pergunta' }).click();
  await expect(question).toHaveCount(2);
  await page.keyboard.press('Delete');
  await expect(question).toHaveCount(1);
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);

  const drawn = await placements(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Fluxo salvo com sucesso')).toBeVisible();
  await expect(page.getByText('Alterações não guardadas: lembre-se de guardar')).toHaveCount(0);

  const token = await pageToken(page);
  const saved = (await apiCall<{ flow: FlowWithGraph }>(request, token, 'GET', `/flowbuilder/flow/${flow.id}`)).flow;
  expect(saved.flow?.nodes.map((n) => n.type).sort()).toEqual(['menu', 'message', 'message', 'question', 'start']);
  expect(saved.flow?.nodes.every((n) => n.id === '1' || /^[A-Za-z0-9]{30}$/.test(n.id))).toBe(true);
  expect(saved.flow?.connections).toHaveLength(4);

  await page.reload();
  await expect(canvasNode(page, 'menu')).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);
  expect(await placements(page)).toEqual(drawn);
  await expect(page.getByText('Alterações não guardadas: lembre-se de guardar')).toHaveCount(0);
  // The variables are refilled from the flow's questions on load.
  await page.evaluate(() => window.localStorage.setItem('variables', '["outra"]'));
  await page.reload();
  await expect(canvasNode(page, 'menu')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('variables'))).toBe('["nome"]');

  // The Test panel runs the draft: the greeting and the menu, then it waits at the menu.
  await page.getByRole('button', { name: 'Testar' }).click();
  const panel = page.getByRole('complementary', { name: 'Testar o fluxo' });
  const log = panel.getByRole('log');
  await expect(log).toContainText('Olá! Bem-vindo à loja.');
  await expect(log).toContainText('[1] - Vendas');
  await expect(canvasNode(page, 'menu').locator('[data-waiting]')).toHaveCount(1);
  const say = async (text: string) => {
    await panel.getByRole('textbox', { name: 'Escreva como o cliente' }).fill(text);
    await panel.getByRole('button', { name: 'Enviar' }).click();
  };
  // A number that is no option shows the menu again.
  await say('7');
  await expect(log.getByText(/Como podemos ajudar\?/)).toHaveCount(2);
  await say('1');
  await expect(log).toContainText('Qual o seu nome?');
  await expect(canvasNode(page, 'question').locator('[data-waiting]')).toHaveCount(1);
  await say('Ana');
  await expect(log).toContainText('Obrigado, Ana');
  await expect(panel).toContainText('nome = Ana');
  await expect(panel).toContainText('Fim do fluxo');

  // Restarted, it begins again from the start.
  await panel.getByRole('button', { name: 'Recomeçar' }).click();
  await expect(log).not.toContainText('Obrigado, Ana');
  await expect(log).toContainText('[2] - Suporte');
});

test('an image block is uploaded with its progress, compressed, refused over 2 MB when it cannot be, and the test shows it', async ({
  page,
  request,
}) => {
  const { flow } = await flowDesk(page, request, 'Midia');
  await page.goto(`/flowbuilder/${flow.id}`);
  await addBlock(page, 'Inicio');
  await addBlock(page, 'Imagem');
  const dialog = page.getByRole('dialog', { name: 'Adicionar Imagem ao fluxo' });
  const input = dialog.getByTestId('flow-upload-img');
  await input.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(dialog.getByText('Arquivo muito grande! No máximo 2 MB.')).toBeVisible();
  // A 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  // A photo over 2 MB is compressed before it goes: 1,200 × 1,000 pixels of noise, a 3.6 MB PNG.
  const photo = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 1000;
    const context = canvas.getContext('2d')!;
    const pixels = context.createImageData(canvas.width, canvas.height);
    for (let at = 0; at < pixels.data.length; at += 65_536)
      crypto.getRandomValues(pixels.data.subarray(at, at + 65_536));
    for (let at = 3; at < pixels.data.length; at += 4) pixels.data[at] = 255;
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  const photoBytes = Buffer.from(photo, 'base64');
  expect(photoBytes.length).toBeGreaterThan(2 * 1024 * 1024);
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/flowbuilder/img') && r.request().method() === 'POST');
  await input.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: photoBytes });
  // The server refuses an image over 2 MB: taken, it went compressed.
  expect((await uploaded).status()).toBe(201);
  await expect(dialog.getByRole('img', { name: /foto/ })).toBeVisible();
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('img', { name: /logo/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await fitView(page);
  await drawLine(page, sourceHandle(canvasNode(page, 'start')), targetHandle(canvasNode(page, 'img')));

  await page.getByRole('button', { name: 'Testar' }).click();
  const image = page.getByRole('complementary', { name: 'Testar o fluxo' }).getByRole('img', {
    name: 'Imagem enviada pelo fluxo',
  });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
});

test('a problem the server finds names its block and selects it', async ({ page, request }) => {
  const { flow } = await flowDesk(page, request, 'Erro');
  await page.goto(`/flowbuilder/${flow.id}`);
  await addBlock(page, 'Inicio');
  await addBlock(page, 'Intervalo');
  const dialog = page.getByRole('dialog', { name: 'Adicionar Intervalo ao fluxo' });
  await dialog.getByRole('spinbutton', { name: /^Segundos/ }).fill('121');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog.getByText('O intervalo está fora do permitido')).toBeVisible();
  await dialog.getByRole('spinbutton', { name: /^Segundos/ }).fill('5');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog).toBeHidden();
  const interval = canvasNode(page, 'interval');
  await expect(interval).toContainText('Intervalo 5 seg.');
  const id = await interval.getAttribute('data-id');

  // The server's answer to a drawing it refuses, as it would answer one changed under the editor.
  await page.route('**/flowbuilder/flow', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'ERR_VALIDATION',
            fields: [
              { field: 'data.sec', message: 'validation.intervalRange', params: { node: id, type: 'interval' } },
            ],
          }),
        })
      : route.fallback(),
  );
  await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
  await expect(interval).not.toHaveClass(/selected/);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('flow-problem')).toContainText(
    'Não foi possível guardar: bloco Intervalo: O intervalo está fora do permitido (campo sec)',
  );
  await expect(interval).toHaveClass(/selected/);
});

test('leaving with unsaved changes asks first, by a link or the back button; staying keeps the drawing', async ({
  page,
  request,
}) => {
  const { flow } = await flowDesk(page, request, 'Sair');
  await page.goto('/flowbuilders');
  // Opened from the list, so the back button stays inside the app.
  await page.getByRole('link', { name: flow.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/flowbuilder/${flow.id}$`));
  await addBlock(page, 'Inicio');
  await expect(page.getByTestId('flow-unsaved')).toBeVisible();

  const asked: string[] = [];
  let answer = false;
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void (answer ? dialog.accept() : dialog.dismiss());
  });
  const leave = 'Há alterações não guardadas neste fluxo. Sair mesmo assim?';
  await page.goBack();
  await expect.poll(() => asked).toEqual([leave]);
  await expect(page).toHaveURL(new RegExp(`/flowbuilder/${flow.id}$`));
  await expect(canvasNode(page, 'start')).toHaveCount(1);

  await page.getByRole('link', { name: 'Conexões' }).first().click();
  await expect.poll(() => asked).toEqual([leave, leave]);
  await expect(page).toHaveURL(new RegExp(`/flowbuilder/${flow.id}$`));
  await expect(canvasNode(page, 'start')).toHaveCount(1);

  answer = true;
  await page.goBack();
  await expect(page).toHaveURL(/\/flowbuilders$/);
  expect(asked).toHaveLength(3);
});

for (const [viewport, colorScheme] of [
  [{ width: 390, height: 844 }, 'dark'],
  [{ width: 1400, height: 900 }, 'dark'],
  [{ width: 390, height: 844 }, 'light'],
  [{ width: 1400, height: 900 }, 'light'],
] as const) {
  test.describe(`at ${viewport.width} px, in Portuguese and the ${colorScheme} theme`, () => {
    test.use({ viewport, colorScheme });

    test('the editor, a dialog and the Test panel fit', async ({ page, request }, testInfo) => {
      const { flow } = await flowDesk(page, request, 'Layout');
      const token = await pageToken(page);
      const node = (id: string, type: string, x: number, y: number, data: Record<string, unknown>) => ({
        id,
        type,
        position: { x, y },
        data,
      });
      await apiCall(request, token, 'POST', '/flowbuilder/flow', {
        idFlow: flow.id,
        nodes: [
          node('1', 'start', 250, 100, { label: 'Inicio do fluxo' }),
          node('m'.repeat(30), 'message', 250, 320, { label: 'Olá! Este é o atendimento automático da loja.' }),
          node('n'.repeat(30), 'menu', 600, 320, {
            message: 'Escolha uma opção',
            arrayOption: [
              { number: 1, value: 'Vendas e orçamentos' },
              { number: 2, value: 'Suporte técnico' },
            ],
          }),
        ],
        connections: [
          { id: 'e1', source: '1', target: 'm'.repeat(30), sourceHandle: 'a' },
          { id: 'e2', source: 'm'.repeat(30), target: 'n'.repeat(30), sourceHandle: 'a' },
        ],
      });
      await page.goto(`/flowbuilder/${flow.id}`);
      await expect(canvasNode(page, 'menu')).toBeVisible();
      await expect(page.getByText(flow.name)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`editor-${viewport.width}-${colorScheme}.png`) });
      await expectUsableLayout(page, 'the flow editor');

      await page.getByRole('button', { name: 'Testar' }).click();
      await expect(page.getByRole('log')).toContainText('Escolha uma opção');
      await page.screenshot({ path: testInfo.outputPath(`test-panel-${viewport.width}-${colorScheme}.png`) });
      await expectUsableLayout(page, 'the Test panel', 'aside');
      await page.getByRole('complementary').getByRole('button', { name: 'Fechar' }).click();

      await canvasNode(page, 'menu').dblclick();
      const dialog = page.getByRole('dialog', { name: 'Editar Menu' });
      await expect(dialog.getByRole('textbox', { name: 'Texto da opção 2' })).toHaveValue('Suporte técnico');
      await page.screenshot({ path: testInfo.outputPath(`menu-dialog-${viewport.width}-${colorScheme}.png`) });
      await expectUsableLayout(page, 'the menu dialog', '[role="dialog"]');
    });
  });
}
