import { INVITATION_TTL_DAYS, type Language } from '@atendo/shared';
import type { OutgoingMail } from '../mail/mail.service.js';

interface InvitationMailInput {
  to: string;
  name: string;
  /** The company the account belongs to. */
  company: string;
  code: string;
  /** The set-password page, with the address and the code in it. */
  link: string;
  language: Language;
}

type Texts = (input: InvitationMailInput, days: number) => { subject: string; lines: string[] };

/**
 * The code is written out as well as carried in the link, on a line of its own as in the reset
 * e-mail: a client whose page has no link to follow (the family's) takes it at "forgot password".
 */
const TEXTS: Record<Language, Texts> = {
  pt: ({ name, company, code, link }, days) => ({
    subject: `Seu acesso ao Atendo: ${company}`,
    lines: [
      `Olá, ${name}.`,
      '',
      `Uma conta de administrador da empresa ${company} foi criada para você no Atendo.`,
      'Para começar, defina a sua senha por este link:',
      link,
      '',
      `O link vale por ${days} dias e pode ser usado uma única vez. Se a página pedir um código, use:`,
      '',
      `    ${code}`,
      '',
      'Depois disso, você entra com este e-mail e a senha que escolher.',
    ],
  }),
  en: ({ name, company, code, link }, days) => ({
    subject: `Your Atendo account: ${company}`,
    lines: [
      `Hello, ${name}.`,
      '',
      `An administrator account of ${company} was created for you on Atendo.`,
      'To begin, set your password with this link:',
      link,
      '',
      `The link is valid for ${days} days and works once. If the page asks for a code, use:`,
      '',
      `    ${code}`,
      '',
      'After that, you sign in with this e-mail address and the password you chose.',
    ],
  }),
  es: ({ name, company, code, link }, days) => ({
    subject: `Su cuenta de Atendo: ${company}`,
    lines: [
      `Hola, ${name}.`,
      '',
      `Se creó para usted una cuenta de administrador de ${company} en Atendo.`,
      'Para comenzar, defina su contraseña con este enlace:',
      link,
      '',
      `El enlace es válido por ${days} días y se puede usar una sola vez. Si la página pide un código, use:`,
      '',
      `    ${code}`,
      '',
      'Después, inicie sesión con este correo y la contraseña que elija.',
    ],
  }),
};

export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const { subject, lines } = TEXTS[input.language](input, INVITATION_TTL_DAYS);
  return { to: input.to, subject, text: `${lines.join('\n')}\n` };
}
