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

/** `GET /contacts`: 20 contacts a page by name, the total matching the filters, and whether more follow. */
export interface ContactsPage {
  contacts: Contact[];
  count: number;
  hasMore: boolean;
}

/**
 * Why a row of a contact import was not added: `message` is a validation key (`validation.phone`,
 * `validation.duplicateInFile`, ...) or an error code (`ERR_DUPLICATED_CONTACT`), with its `params`.
 */
export interface ContactUploadError {
  /** The spreadsheet row (1-based; the header is row 1), or the index + 1 in a JSON array. */
  row: number;
  contactName: string;
  number: string;
  error: { message: string; field?: 'name' | 'number' | 'email'; params?: Record<string, unknown> };
}

/** `POST /contacts/upload`: the contacts created, and every row that was not, in row order. */
export interface ContactUploadResult {
  newContacts: { contactId: Id; contactName: string }[];
  errorBag: ContactUploadError[];
}

/** `POST /contacts/import`: the connection's address book against the company's contacts. */
export interface ContactImportResult {
  /** People in the connection's address book (groups and entries without a phone number left out). */
  found: number;
  created: number;
  /** Already contacts of the company (under either form of the number). */
  existing: number;
}

/** The largest contact spreadsheet the server reads, and the most rows it takes from it. */
export const CONTACT_UPLOAD_MAX_MIB = 20;
export const CONTACT_UPLOAD_MAX_ROWS = 100_000;
