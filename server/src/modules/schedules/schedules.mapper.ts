import type { Schedule } from '@atendo/shared';
import type { ScheduleEntity } from './entities/schedule.entity.js';

export function toSchedule(s: ScheduleEntity): Schedule {
  return {
    id: s.id,
    companyId: s.companyId,
    contactId: s.contactId,
    contact: { id: s.contactId, name: s.contact?.name ?? '', number: s.contact?.number ?? '' },
    userId: s.userId,
    user: s.user ? { id: s.user.id, name: s.user.name } : null,
    whatsappId: s.whatsappId,
    ticketId: s.ticketId,
    ticket: s.ticket ? { id: s.ticket.id, uuid: s.ticket.uuid } : null,
    body: s.body,
    sendAt: s.sendAt.toISOString(),
    sentAt: s.sentAt ? s.sentAt.toISOString() : null,
    status: s.status,
    error: s.error,
    mediaPath: s.mediaPath,
    mediaName: s.mediaName,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
