import { describe, expect, it } from '@jest/globals';
import { parseWhatsAppFormat } from './whatsapp-format';

const text = (value: string) => ({ kind: 'text', text: value });

describe('WhatsApp formatting', () => {
  it('reads bold, italic, strikethrough, inline code and monospace blocks', () => {
    expect(parseWhatsAppFormat('*Oi* _tudo_ ~bem~ `x = 1` ```a\n  b```')).toEqual([
      { kind: 'bold', children: [text('Oi')] },
      text(' '),
      { kind: 'italic', children: [text('tudo')] },
      text(' '),
      { kind: 'strike', children: [text('bem')] },
      text(' '),
      { kind: 'code', text: 'x = 1' },
      text(' '),
      { kind: 'monospace', text: 'a\n  b' },
    ]);
  });

  it('nests markers and keeps markup inside code as typed', () => {
    expect(parseWhatsAppFormat('*_both_* `*not bold*`')).toEqual([
      { kind: 'bold', children: [{ kind: 'italic', children: [text('both')] }] },
      text(' '),
      { kind: 'code', text: '*not bold*' },
    ]);
  });

  it('formats only whole words, as WhatsApp does', () => {
    for (const plain of [
      '2*3*4 = 24',
      'snake_case_name',
      'ação_x_',
      '* not bold*',
      '*not bold *',
      '**',
      '*two\nlines*',
      'a `` b',
      '```never closed',
      'price: 5 ~ 6',
    ]) {
      expect(parseWhatsAppFormat(plain)).toEqual([text(plain)]);
    }
    expect(parseWhatsAppFormat('(*sim*), e _não_!')).toEqual([
      text('('),
      { kind: 'bold', children: [text('sim')] },
      text('), e '),
      { kind: 'italic', children: [text('não')] },
      text('!'),
    ]);
  });

  it('leaves links whole, underscores and tildes included', () => {
    const link = 'https://loja.example/pedidos/2024_000123_entrega~1';
    expect(parseWhatsAppFormat(`veja ${link} _ok_`)).toEqual([
      text(`veja ${link} `),
      { kind: 'italic', children: [text('ok')] },
    ]);
    expect(parseWhatsAppFormat('*www.loja.example/a_b_c*')).toEqual([
      { kind: 'bold', children: [text('www.loja.example/a_b_c')] },
    ]);
  });

  it('keeps markup-looking text as text', () => {
    expect(parseWhatsAppFormat('<b>oi</b> <img src=x onerror=alert(1)>')).toEqual([
      text('<b>oi</b> <img src=x onerror=alert(1)>'),
    ]);
    expect(parseWhatsAppFormat('')).toEqual([]);
  });
});
