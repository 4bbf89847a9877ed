import type { ContactList, ContactListItem } from '@atendo/shared';
import type { ContactListItemEntity } from './entities/contact-list-item.entity.js';
import type { ContactListEntity } from './entities/contact-list.entity.js';

export function toContactList(list: ContactListEntity, contactsCount: number): ContactList {
  return { id: list.id, name: list.name, contactsCount };
}

/** An item as the API answers it: no number reads as '' (as the existing clients expect a string). */
export function toContactListItem(item: ContactListItemEntity): ContactListItem {
  return {
    id: item.id,
    companyId: item.companyId,
    contactListId: item.contactListId,
    name: item.name,
    number: item.number ?? '',
    email: item.email,
    isWhatsappValid: item.isWhatsappValid,
  };
}
