import { phoneNumberForms } from '@atendo/shared';

/**
 * One contact's inbound messages, and an agent clearing their unread count, run one at a time. The
 * key is the number's first form, so both forms of a Brazilian mobile (see phoneNumberForms) take
 * the same lock: the contact may be stored under one while WhatsApp writes from the other.
 */
export const peerKey = (companyId: number, number: string) => `peer:${companyId}:${phoneNumberForms(number)[0]}`;
