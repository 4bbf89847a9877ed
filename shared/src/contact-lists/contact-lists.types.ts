import type { ContactList, ContactListItem } from '../contacts/contacts.types.js';

/** GET /contact-lists: 20 a page by name, each with how many items it holds. */
export interface ContactListsPage {
  records: ContactList[];
  count: number;
  hasMore: boolean;
}

/** GET /contact-list-items?contactListId=: one list's items, 20 a page by name. */
export interface ContactListItemsPage {
  contacts: ContactListItem[];
  count: number;
  hasMore: boolean;
}

/** A spreadsheet row that was not imported: its row number in the sheet, the field and why. */
export interface ContactListImportError {
  row: number;
  field: string;
  /** An i18n key (`validation.*`), with `params` for its interpolation. */
  message: string;
  params?: Record<string, unknown>;
}

/**
 * POST /contact-lists/{id}/upload: how many rows became items, how many were left out, and why
 * (the first CONTACT_LIST_IMPORT_MAX_ERRORS of them).
 */
export interface ContactListImportReport {
  added: number;
  skipped: number;
  errors: ContactListImportError[];
}

/** The largest spreadsheet a list imports, in bytes and in data rows. */
export const CONTACT_LIST_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_LIST_IMPORT_MAX_ROWS = 10_000;
/** The report names at most this many bad rows (a whole bad sheet would be a 10,000-line answer). */
export const CONTACT_LIST_IMPORT_MAX_ERRORS = 500;

/** POST /contact-lists/{id}/contacts: contacts copied in, and those left out (no number, or already in the list). */
export interface ContactListAddReport {
  added: number;
  skipped: number;
}
