import type { Id, IsoDate } from '../common/common.types.js';

export interface ContactExtraInfo {
  name: string;
  value: string;
}

export interface Contact {
  id: Id;
  companyId: Id;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  extraInfo?: ContactExtraInfo[];
  createdAt: IsoDate;
  updatedAt: IsoDate;
}

export interface ContactList {
  id: Id;
  name: string;
  contactsCount: number;
}

export interface ContactListItem {
  id: Id;
  companyId: Id;
  contactListId: Id;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean | null;
}

/** Columns of the CSV export: semicolon separated, saved as contatos.csv. */
export const CONTACTS_CSV = { fileName: 'contatos.csv', separator: ';', columns: ['name', 'number', 'email'] } as const;
