import type { Id, IsoDate } from '../common/common.types.js';

export const SCHEDULE_STATUSES = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export interface Schedule {
  id: Id;
  companyId: Id;
  contactId: Id;
  contact: { id: Id; name: string };
  userId: Id | null;
  ticketId: Id | null;
  body: string;
  sendAt: IsoDate;
  sentAt: IsoDate | null;
  status: ScheduleStatus;
  mediaPath: string | null;
  mediaName: string | null;
}
