/** One contact's inbound messages, and an agent clearing their unread count, run one at a time. */
export const peerKey = (companyId: number, number: string) => `peer:${companyId}:${number}`;
