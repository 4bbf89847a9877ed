import { fillCampaignMessage } from '../campaigns/campaigns.types.js';
import { fillVariables } from '../flows/flow-graph.js';
import { fillMessageVariables, greetingOfHour, isMessageVariable, MESSAGE_VARIABLES } from './message-variables.js';

describe('message variables', () => {
  // 14:05 UTC: 11:05 in São Paulo (UTC-3), 23:05 in Tokyo (UTC+9), 15:05 in Lisbon's winter... on 24 Nov.
  const now = new Date('2026-11-24T14:05:00Z');
  const ctx = {
    contact: { name: '  Ana Maria Souza ', number: '5511987654321', email: 'ana@example.com' },
    userName: 'Bruno',
    ticketId: 42,
    now,
    timeZone: 'America/Sao_Paulo',
  };

  it('fills every variable under each of its spellings, in both brace styles', () => {
    const expected: Record<string, string> = {
      name: 'Ana Maria Souza',
      nome: 'Ana Maria Souza',
      firstName: 'Ana',
      primeiroNome: 'Ana',
      userName: 'Bruno',
      protocol: '2026112442',
      ticket: '42',
      ms: 'Bom dia',
      hora: '11:05',
      date: '24/11/2026',
      number: '5511987654321',
      numero: '5511987654321',
      email: 'ana@example.com',
    };
    const spellings = MESSAGE_VARIABLES.flatMap((v) => [v.key, ...v.aliases]);
    expect(spellings.sort()).toEqual(Object.keys(expected).sort());
    for (const [spelling, value] of Object.entries(expected)) {
      expect(fillMessageVariables(`<{{${spelling}}}>`, ctx)).toBe(`<${value}>`);
      expect(fillMessageVariables(`<{{ ${spelling} }}>`, ctx)).toBe(`<${value}>`);
      expect(fillMessageVariables(`<{${spelling}}>`, ctx)).toBe(`<${value}>`);
      expect(isMessageVariable(spelling)).toBe(true);
    }
  });

  it("fills the family's accept greeting and quick-message spellings", () => {
    expect(fillMessageVariables('{{ms}} {{name}}', ctx)).toBe('Bom dia Ana Maria Souza');
    expect(fillMessageVariables('Olá {{firstName}}, sou {{userName}}. Protocolo {{protocol}}.', ctx)).toBe(
      'Olá Ana, sou Bruno. Protocolo 2026112442.',
    );
  });

  it('greets by the hour of the given time zone', () => {
    const at = (iso: string, timeZone: string) =>
      fillMessageVariables('{{ms}} {{hora}} {{date}}', { now: new Date(iso), timeZone });
    expect(at('2026-11-24T14:05:00Z', 'America/Sao_Paulo')).toBe('Bom dia 11:05 24/11/2026');
    expect(at('2026-11-24T14:05:00Z', 'Europe/Lisbon')).toBe('Boa tarde 14:05 24/11/2026');
    expect(at('2026-11-24T14:05:00Z', 'Asia/Tokyo')).toBe('Boa noite 23:05 24/11/2026');
    // Past midnight in Tokyo: the next day, and the protocol's day with it.
    expect(
      fillMessageVariables('{{date}} {{protocol}}', {
        now: new Date('2026-11-24T16:30:00Z'),
        timeZone: 'Asia/Tokyo',
        ticketId: 7,
      }),
    ).toBe('25/11/2026 202611257');
    expect([4, 5, 11, 12, 17, 18, 23, 0].map(greetingOfHour)).toEqual([
      'Boa noite',
      'Bom dia',
      'Bom dia',
      'Boa tarde',
      'Boa tarde',
      'Boa noite',
      'Boa noite',
      'Boa noite',
    ]);
  });

  it('leaves unknown tokens as typed, and what the place lacks empty', () => {
    expect(fillMessageVariables('{{unknown}} {desconhecida} {{ outro }} { nome } {} {{}}', ctx)).toBe(
      '{{unknown}} {desconhecida} {{ outro }} { nome } {} {{}}',
    );
    expect(fillMessageVariables('[{{name}}|{{userName}}|{{protocol}}|{email}]', { now })).toBe('[|||]');
  });

  it('puts values in once: a name that looks like a token is not filled again', () => {
    expect(fillMessageVariables('{{name}}', { contact: { name: '{{userName}}' }, userName: 'Bruno' })).toBe(
      '{{userName}}',
    );
  });

  it("takes a place's own variables, which win over a message variable of the same name", () => {
    expect(
      fillMessageVariables('{cupom} {{cupom}} {nome}', {
        ...ctx,
        custom: [
          { key: 'cupom', value: 'BF10' },
          { key: 'nome', value: 'custom' },
        ],
      }),
    ).toBe('BF10 BF10 custom');
    expect(fillMessageVariables('{{pedido}}', { custom: { pedido: '4521' } })).toBe('4521');
  });

  it("campaigns fill the family's {nome} style and the other spellings alike", () => {
    expect(
      fillCampaignMessage(
        '{nome} / {{name}} / {{firstName}} / {numero} / {cupom}',
        { name: 'Ana Maria', number: '55119' },
        [{ key: 'cupom', value: 'X1' }],
      ),
    ).toBe('Ana Maria / Ana Maria / Ana / 55119 / X1');
  });

  it('flows fill their answers and leave the message variables for the sending', () => {
    expect(fillVariables('{{pedido}} {{x}} {{name}} {{ms}} {{nome}}', { pedido: '42', nome: 'Ana' })).toBe(
      '42  {{name}} {{ms}} Ana',
    );
  });
});
