import type { WhatsappConnection } from '@atendo/shared';
import type { WhatsappEntity } from './entities/whatsapp.entity.js';

export function toWhatsapp(w: WhatsappEntity): WhatsappConnection {
  const queues = [...(w.queues ?? [])].sort(
    (a, b) => (a.orderQueue ?? Infinity) - (b.orderQueue ?? Infinity) || a.name.localeCompare(b.name),
  );
  return {
    id: w.id,
    companyId: w.companyId,
    name: w.name,
    status: w.status,
    isDefault: w.isDefault,
    qrcode: w.qrcode,
    retries: w.retries,
    token: w.token,
    provider: w.provider,
    greetingMessage: w.greetingMessage,
    complationMessage: w.complationMessage,
    outOfHoursMessage: w.outOfHoursMessage,
    ratingMessage: w.ratingMessage,
    expiresInactiveMessage: w.expiresInactiveMessage,
    expiresTicket: w.expiresTicket,
    timeUseBotQueues: w.timeUseBotQueues,
    maxUseBotQueues: w.maxUseBotQueues,
    transferQueueId: w.transferQueueId,
    timeToTransfer: w.timeToTransfer,
    promptId: w.promptId,
    integrationId: w.integrationId,
    queues: queues.map((q) => ({ id: q.id, name: q.name, color: q.color })),
    schedules: w.schedules ?? [],
    updatedAt: w.updatedAt.toISOString(),
  };
}

/** The connection as those who may not manage connections read it: without its send-API token. */
export function withoutToken({ token: _token, ...connection }: WhatsappConnection): WhatsappConnection {
  return connection;
}
