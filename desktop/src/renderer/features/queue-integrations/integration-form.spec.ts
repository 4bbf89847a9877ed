import { describe, expect, it } from '@jest/globals';
import { maskSecret, type QueueIntegration } from '@atendo/shared';
import { fieldsOf, formOf, type IntegrationForm, integrationInput, validateIntegration } from './integration-form';

const form = (changes: Partial<IntegrationForm>): IntegrationForm => ({ ...formOf(null), ...changes });

const SAVED: QueueIntegration = {
  id: 7,
  companyId: 3,
  type: 'dialogflow',
  name: 'Robô de vendas',
  projectName: 'vendas-12345',
  jsonContent: maskSecret('{"type":"service_account","private_key":"-----BEGIN PRIVATE KEY-----"}'),
  language: 'es',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
  flowId: null,
  signingSecret: '••••••••wxyz',
};

describe('the integration form', () => {
  it('starts a new integration as a webhook with the spec’s Typebot defaults', () => {
    expect(formOf(null)).toMatchObject({
      type: 'webhook',
      language: 'pt-BR',
      typebotExpires: '1',
      typebotDelayMessage: '1000',
    });
  });

  it('shows the address for webhook, n8n and Typebot, and the secret for the signed ones', () => {
    const none = { url: false, dialogflow: false, typebot: false, flow: false, signed: false };
    expect(fieldsOf('webhook')).toEqual({ ...none, url: true, signed: true });
    expect(fieldsOf('n8n')).toEqual({ ...none, url: true, signed: true });
    expect(fieldsOf('typebot')).toEqual({ ...none, url: true, typebot: true });
    expect(fieldsOf('dialogflow')).toEqual({ ...none, dialogflow: true });
    expect(fieldsOf('flowbuilder')).toEqual({ ...none, flow: true });
  });

  it('asks each type for its own fields', async () => {
    expect(await validateIntegration(form({ name: '' }))).toEqual({
      name: 'validation.required',
      urlN8N: 'validation.required',
    });
    expect(await validateIntegration(form({ name: 'Loja', urlN8N: 'ftp://example.com' }))).toEqual({
      urlN8N: 'validation.url',
    });
    expect(await validateIntegration(form({ type: 'typebot', name: 'Bot', urlN8N: 'https://typebot.io' }))).toEqual({
      typebotSlug: 'validation.required',
    });
    expect(await validateIntegration(form({ type: 'dialogflow', name: 'DF' }))).toEqual({
      projectName: 'validation.required',
      jsonContent: 'validation.required',
    });
    expect(await validateIntegration(form({ type: 'flowbuilder', name: 'Fluxo' }))).toEqual({
      flowId: 'validation.required',
    });
    expect(await validateIntegration(form({ type: 'flowbuilder', name: 'Fluxo', flowId: '4' }))).toEqual({});
    expect(await validateIntegration(form({ name: 'L' }))).toMatchObject({
      name: { key: 'validation.tooShort', params: { min: 2 } },
    });
  });

  it('neither checks nor sends what another type left behind, hidden', async () => {
    const values = form({
      type: 'flowbuilder',
      name: 'Fluxo',
      flowId: '4',
      urlN8N: 'not an address',
      typebotDelayMessage: '99999',
      projectName: 'left-over',
      jsonContent: '{"left":"over"}',
    });
    expect(await validateIntegration(values)).toEqual({});
    expect(integrationInput(values)).toMatchObject({
      type: 'flowbuilder',
      name: 'Fluxo',
      urlN8N: '',
      projectName: '',
      jsonContent: '',
      typebotDelayMessage: 1000,
      flowId: 4,
    });
    // A flow chosen, then another type: the flow is not sent.
    expect(integrationInput({ ...values, type: 'webhook', urlN8N: 'https://n8n.example.com/hook' }).flowId).toBeNull();
  });

  it("sends a Typebot's numbers as numbers, an emptied one as its default, and refuses a delay over 10 s", async () => {
    const typebot = form({ type: 'typebot', name: 'Bot', urlN8N: 'https://typebot.io', typebotSlug: 'my-bot-1' });
    expect(integrationInput({ ...typebot, typebotExpires: '15', typebotDelayMessage: ' ' })).toMatchObject({
      typebotExpires: 15,
      typebotDelayMessage: 1000,
      typebotSlug: 'my-bot-1',
    });
    expect(await validateIntegration({ ...typebot, typebotDelayMessage: '10001' })).toEqual({
      typebotDelayMessage: 'validation.max',
    });
  });

  it('keeps a saved Dialogflow key by sending its mask back', async () => {
    const values = formOf(SAVED);
    expect(values).toMatchObject({ projectName: 'vendas-12345', language: 'es', jsonContent: SAVED.jsonContent });
    expect(await validateIntegration(values)).toEqual({});
    expect(integrationInput(values)).toMatchObject({ jsonContent: SAVED.jsonContent, projectName: 'vendas-12345' });
  });

  it('leaves the project name to the server for the types known by their name', () => {
    expect(formOf({ ...SAVED, type: 'webhook', projectName: 'Robô de vendas' }).projectName).toBe('');
  });
});
