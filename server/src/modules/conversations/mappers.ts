import type { Contact, Message, MessageAck, Ticket, TicketNote } from '@atendo/shared';
import type { ContactEntity } from './entities/contact.entity.js';
import type { MessageEntity } from './entities/message.entity.js';
import type { TicketNoteEntity } from './entities/ticket-note.entity.js';
import type { TicketEntity } from './entities/ticket.entity.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toContact(c: ContactEntity): Contact {
  return {
    id: c.id,
    companyId: c.companyId,
    name: c.name,
    // A removed contact's number is a placeholder (see ContactsService.remove): it has none.
    number: c.removedAt ? '' : c.number,
    email: c.email ?? '',
    profilePicUrl: c.profilePicUrl ?? '',
    isGroup: !!c.isGroup,
    extraInfo: c.extraInfo ?? [],
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function toTicket(t: TicketEntity, tags: Ticket['tags'] = []): Ticket {
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status,
    companyId: t.companyId,
    userId: t.userId,
    user: t.user ? { id: t.user.id, name: t.user.name } : null,
    queueId: t.queueId,
    queue: t.queue ? { id: t.queue.id, name: t.queue.name, color: t.queue.color } : null,
    whatsappId: t.whatsappId,
    whatsapp: t.whatsapp ? { id: t.whatsapp.id, name: t.whatsapp.name, status: t.whatsapp.status } : null,
    contactId: t.contactId,
    contact: toContact(t.contact as ContactEntity),
    tags,
    lastMessage: t.lastMessage,
    lastMessageDeleted: !!t.lastMessageDeleted,
    unreadMessages: t.unreadMessages,
    isGroup: !!t.isGroup,
    chatbot: !!t.chatbot,
    useIntegration: !!t.useIntegration,
    promptId: t.promptId,
    integrationId: t.integrationId,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    acceptedAt: iso(t.acceptedAt),
    closedAt: iso(t.closedAt),
  };
}

export function toMessage(m: MessageEntity, depth = 0): Message {
  const contactName = m.participantName ?? m.contact?.name ?? null;
  return {
    id: m.id,
    ticketId: m.ticketId,
    body: m.body,
    fromMe: !!m.fromMe,
    mediaType: m.mediaType,
    mediaUrl: m.mediaUrl,
    quotedMsgId: m.quotedMsgId,
    // One level of quoting is what the thread shows; deeper chains are not loaded.
    quotedMsg: m.quotedMsg && depth === 0 ? toMessage(m.quotedMsg, 1) : null,
    isDeleted: !!m.isDeleted,
    isEdited: !!m.isEdited,
    ack: m.ack as MessageAck,
    read: !!m.read,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    contact: m.fromMe || m.contactId === null ? null : { id: m.contactId, name: contactName ?? '' },
    participantName: m.participantName,
  };
}

export function toNote(n: TicketNoteEntity): TicketNote {
  return {
    id: n.id,
    note: n.note,
    userId: n.userId ?? 0,
    user: { id: n.user?.id ?? n.userId ?? 0, name: n.user?.name ?? '' },
    contactId: n.contactId,
    ticketId: n.ticketId,
    createdAt: n.createdAt.toISOString(),
  };
}
