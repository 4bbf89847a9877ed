import { PASSWORD_RESET_TTL_MINUTES, type Language } from '@atendo/shared';
import type { OutgoingMail } from '../mail/mail.service.js';

interface ResetMailInput {
  to: string;
  name: string;
  code: string;
  /** The reset page, with the address filled in. */
  link: string;
  language: Language;
}

type Texts = (input: ResetMailInput, minutes: number) => { subject: string; lines: string[] };

/** In the user's language (the one they chose in the app; English when they never did). */
const TEXTS: Record<Language, Texts> = {
  pt: ({ name, code, link }, minutes) => ({
    subject: 'Redefinição de senha do Atendo',
    lines: [
      `Olá, ${name}.`,
      '',
      'Recebemos um pedido para redefinir a senha da sua conta. Use este código:',
      '',
      `    ${code}`,
      '',
      `Ele vale por ${minutes} minutos e pode ser usado uma única vez. Informe-o em:`,
      link,
      '',
      'Se não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.',
    ],
  }),
  en: ({ name, code, link }, minutes) => ({
    subject: 'Reset your Atendo password',
    lines: [
      `Hello, ${name}.`,
      '',
      'We received a request to reset the password of your account. Use this code:',
      '',
      `    ${code}`,
      '',
      `It is valid for ${minutes} minutes and works once. Enter it at:`,
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays the same.',
    ],
  }),
  es: ({ name, code, link }, minutes) => ({
    subject: 'Restablecimiento de contraseña de Atendo',
    lines: [
      `Hola, ${name}.`,
      '',
      'Recibimos una solicitud para restablecer la contraseña de su cuenta. Use este código:',
      '',
      `    ${code}`,
      '',
      `Es válido por ${minutes} minutos y se puede usar una sola vez. Ingréselo en:`,
      link,
      '',
      'Si no fue usted quien lo pidió, ignore este correo: su contraseña sigue siendo la misma.',
    ],
  }),
};

export function resetMail(input: ResetMailInput): OutgoingMail {
  const { subject, lines } = TEXTS[input.language](input, PASSWORD_RESET_TTL_MINUTES);
  return { to: input.to, subject, text: `${lines.join('\n')}\n` };
}
