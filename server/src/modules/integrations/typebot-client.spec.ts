import { answerOf, choicesText, continueRequest, readTurn, startRequest, TypebotError } from './typebot-client.js';

/** Answers in the shape of Typebot's chat API reference (v1 startChat / continueChat, markdown bubbles). */
const START_ANSWER = {
  sessionId: 'clx1f2g3h0001',
  resultId: 'clx1f2g3h0002',
  typebot: { id: 'clx0typebot', theme: { general: {} }, settings: { general: {} } },
  messages: [
    { id: 'b1', type: 'text', content: { type: 'markdown', markdown: 'Olá! Em que posso ajudar?' } },
    { id: 'b2', type: 'image', content: { url: 'https://s3.typebot.io/public/banner.png', clickLink: null } },
    { id: 'b3', type: 'embed', content: { url: 'https://example.com/widget', height: 400 } },
    { id: 'b4', type: 'text', content: { type: 'markdown', markdown: '   ' } },
  ],
  input: {
    id: 'input1',
    type: 'choice input',
    outgoingEdgeId: 'e1',
    items: [
      { id: 'i1', outgoingEdgeId: 'e2', content: 'Comprar' },
      { id: 'i2', outgoingEdgeId: 'e3', content: 'Suporte' },
    ],
    options: { isMultipleChoice: false },
  },
  clientSideActions: [],
  logs: [],
};

describe('Typebot requests', () => {
  it("start a live bot's chat and continue a session, asking for markdown bubbles", () => {
    expect(startRequest('https://typebot.example.com/', 'loja azul')).toEqual({
      url: 'https://typebot.example.com/api/v1/typebots/loja%20azul/startChat',
      body: { textBubbleContentFormat: 'markdown' },
    });
    expect(continueRequest('https://typebot.example.com', 'clx1/f', 'Suporte')).toEqual({
      url: 'https://typebot.example.com/api/v1/sessions/clx1%2Ff/continueChat',
      body: { message: { type: 'text', text: 'Suporte' }, textBubbleContentFormat: 'markdown' },
    });
  });
});

describe('readTurn', () => {
  it('keeps text and media bubbles, skips what WhatsApp cannot show, and reads a choice input', () => {
    expect(readTurn(START_ANSWER, null)).toEqual({
      sessionId: 'clx1f2g3h0001',
      bubbles: [
        { kind: 'text', text: 'Olá! Em que posso ajudar?' },
        { kind: 'media', url: 'https://s3.typebot.io/public/banner.png', mediaType: 'image' },
      ],
      input: { id: 'input1', choices: ['Comprar', 'Suporte'] },
    });
  });

  it("keeps the session of a continueChat answer (which names none) and reads a flow's end", () => {
    const turn = readTurn(
      { messages: [{ type: 'text', content: { type: 'markdown', markdown: 'Até logo!' } }] },
      'clx1f2g3h0001',
    );
    expect(turn).toEqual({ sessionId: 'clx1f2g3h0001', bubbles: [{ kind: 'text', text: 'Até logo!' }], input: null });
    expect(readTurn({ messages: [], input: { id: 'input2', type: 'text input' } }, 's').input).toEqual({
      id: 'input2',
      choices: [],
    });
  });

  it('refuses an answer without a session', () => {
    expect(() => readTurn({ messages: [] }, null)).toThrow(TypebotError);
  });
});

describe('choices', () => {
  it('are listed by number, and a number picks one', () => {
    expect(choicesText(['Comprar', 'Suporte'])).toBe('*1* - Comprar\n*2* - Suporte');
    expect(answerOf(' 2. ', ['Comprar', 'Suporte'])).toBe('Suporte');
    expect(answerOf('3', ['Comprar', 'Suporte'])).toBe('3');
    expect(answerOf('suporte', ['Comprar', 'Suporte'])).toBe('suporte');
  });
});
