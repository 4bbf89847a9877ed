import { HANDOFF_ACTION } from '@atendo/shared';
import { asksForHuman, chatMessages, readAnswer, ssmlOf } from './agent-turn.js';

describe('asksForHuman', () => {
  it.each([
    'Quero falar com um atendente',
    'ATENDENTE!',
    'tem algum humano aí?',
    'posso falar com uma pessoa',
    'I want a human',
    'talk to an agent please',
    'quiero hablar con una persona',
    'operadores?',
    'quero um agente',
  ])('hears a request for a person in %p', (text) => {
    expect(asksForHuman(text)).toBe(true);
  });

  it.each(['Qual o horário de vocês?', 'humanidade', 'pessoal, bom dia', 'agentividade', ''])(
    'reads %p as a question for the agent',
    (text) => {
      expect(asksForHuman(text)).toBe(false);
    },
  );
});

describe('chatMessages', () => {
  it('puts the instructions and the hand-over rule first, then the history as user and assistant turns', () => {
    const messages = chatMessages('Você é a assistente da Loja Azul.', [
      { fromMe: false, body: 'Oi', mediaType: 'chat' },
      { fromMe: true, body: 'Olá! Como posso ajudar?', mediaType: 'chat' },
      { fromMe: false, body: '', mediaType: 'audio', transcript: 'quanto custa o frete' },
      { fromMe: false, body: 'foto do pedido', mediaType: 'image' },
      { fromMe: false, body: '', mediaType: 'chat' },
    ]);
    expect(messages[0].role).toBe('system');
    expect(messages[0].content).toMatch(/^Você é a assistente da Loja Azul\.\n\n/);
    expect(messages[0].content).toContain(HANDOFF_ACTION);
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Olá! Como posso ajudar?' },
      { role: 'user', content: 'quanto custa o frete' },
      { role: 'user', content: '[imagem] foto do pedido' },
    ]);
  });
});

describe('readAnswer', () => {
  it('keeps a plain answer', () => {
    expect(readAnswer('  Nosso horário é das 8h às 18h.  ')).toEqual({
      text: 'Nosso horário é das 8h às 18h.',
      handoff: false,
    });
  });

  it('finds the action line however it is written, and keeps the rest for the customer', () => {
    expect(readAnswer(`Claro!\n${HANDOFF_ACTION}`)).toEqual({ text: 'Claro!', handoff: true });
    expect(readAnswer('acao: transferir para o setor de atendimento.')).toEqual({ text: '', handoff: true });
  });
});

describe('ssmlOf', () => {
  it('names the voice and escapes the text', () => {
    expect(ssmlOf('pt-BR-FranciscaNeural', 'Preço < R$ 10 & "frete"')).toBe(
      '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="pt-BR">' +
        '<voice name="pt-BR-FranciscaNeural">Preço &lt; R$ 10 &amp; &quot;frete&quot;</voice></speak>',
    );
  });
});
