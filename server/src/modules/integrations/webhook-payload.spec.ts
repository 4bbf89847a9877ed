import { createHmac } from 'node:crypto';
import { replyOf, signatureOf } from './webhook-payload.js';

describe('signatureOf', () => {
  it('is the hex HMAC-SHA256 of the exact bytes, prefixed as GitHub and Stripe-style receivers read it', () => {
    const body = Buffer.from('{"event":"message.created"}');
    expect(signatureOf('whsec_k', body)).toBe(`sha256=${createHmac('sha256', 'whsec_k').update(body).digest('hex')}`);
    expect(signatureOf('whsec_k', Buffer.from('{"event": "message.created"}'))).not.toBe(signatureOf('whsec_k', body));
  });
});

describe('replyOf', () => {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  it.each([
    ['an object', json({ reply: ' Olá! ' }), 'Olá!'],
    ["n8n's list of items", json([{ reply: 'Pedido 42 enviado' }, { reply: 'ignored' }]), 'Pedido 42 enviado'],
    ['no reply', json({ ok: true }), null],
    ['an empty reply', json({ reply: '  ' }), null],
    ['a reply that is not text', json({ reply: 42 }), null],
    ['broken JSON', Buffer.from('{"reply":'), null],
    ['an empty body', Buffer.alloc(0), null],
  ])('reads %s', (_, body, expected) => {
    expect(replyOf('application/json; charset=utf-8', body)).toBe(expected);
  });

  it('reads only JSON answers, and caps a reply at WhatsApp-friendly length', () => {
    expect(replyOf('text/plain', json({ reply: 'x' }))).toBeNull();
    expect(replyOf('application/json', json({ reply: 'a'.repeat(5000) }))?.length).toBe(4096);
  });
});
