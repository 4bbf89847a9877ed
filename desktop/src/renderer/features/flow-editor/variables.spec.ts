import { beforeEach, describe, expect, it } from '@jest/globals';
import {
  addVariable,
  answerKeyOf,
  insertVariable,
  parseVariables,
  readVariables,
  swapVariable,
  variablesOf,
  writeVariables,
} from './variables';

const question = (answerKey: string) => ({
  type: 'question' as const,
  data: { typebotIntegration: { message: 'Qual o seu nome?', answerKey } },
});

describe('the variables list', () => {
  beforeEach(() => window.localStorage.clear());

  it('adds a key once', () => {
    expect(addVariable(['nome'], 'email')).toEqual(['nome', 'email']);
    expect(addVariable(['nome'], 'nome')).toEqual(['nome']);
    expect(addVariable(['nome'], '  ')).toEqual(['nome']);
  });

  it("swaps an edited question's old key for its new one, in place", () => {
    expect(swapVariable(['nome', 'email', 'cpf'], 'email', 'telefone')).toEqual(['nome', 'telefone', 'cpf']);
    // The new key already listed: the old one goes, with no repeat.
    expect(swapVariable(['nome', 'email'], 'email', 'nome')).toEqual(['nome']);
    // The old key unknown (another device's list): the new one is added.
    expect(swapVariable(['nome'], 'cidade', 'bairro')).toEqual(['nome', 'bairro']);
    expect(swapVariable(['nome'], 'nome', 'nome')).toEqual(['nome']);
  });

  it("is refilled from a flow's question blocks, without repeats", () => {
    expect(
      variablesOf([question('nome'), { type: 'message', data: { label: 'Olá' } }, question('email'), question('nome')]),
    ).toEqual(['nome', 'email']);
    expect(answerKeyOf({ type: 'menu', data: {} })).toBeNull();
  });

  it("is kept in local storage under 'variables' as a JSON array", () => {
    writeVariables(['nome', 'email']);
    expect(window.localStorage.getItem('variables')).toBe('["nome","email"]');
    expect(readVariables()).toEqual(['nome', 'email']);
  });

  it('reads a damaged entry as an empty list, and drops what is not a name', () => {
    expect(parseVariables('{oops')).toEqual([]);
    expect(parseVariables('{"a":1}')).toEqual([]);
    expect(parseVariables('["nome", 3, "nome", "email"]')).toEqual(['nome', 'email']);
  });
});

describe('inserting a variable into a text', () => {
  it('puts {{key}} where the caret is, replacing a selection', () => {
    expect(insertVariable('Olá , tudo bem?', 'nome', { start: 4, end: 4 })).toEqual({
      text: 'Olá {{nome}}, tudo bem?',
      caret: 12,
    });
    expect(insertVariable('Olá XXX!', 'nome', { start: 4, end: 7 }).text).toBe('Olá {{nome}}!');
  });

  it('appends it when the caret is unknown', () => {
    expect(insertVariable('Olá ', 'nome', null)).toEqual({ text: 'Olá {{nome}}', caret: 12 });
  });
});
