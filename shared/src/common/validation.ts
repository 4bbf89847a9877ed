import * as yup from 'yup';

/**
 * Validation messages are i18n keys (resolved by the UI under `validation.*`); numeric bounds are
 * passed as params so one key serves every field.
 */
export const V = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  email: 'validation.email',
  number: 'validation.number',
  integer: 'validation.integer',
  min: 'validation.min',
  max: 'validation.max',
  oneOf: 'validation.oneOf',
  phone: 'validation.phone',
  time: 'validation.time',
  color: 'validation.color',
  date: 'validation.date',
  passwordStrength: 'validation.passwordStrength',
  passwordsMatch: 'validation.passwordsMatch',
  fileType: 'validation.fileType',
  queueRequired: 'validation.queueRequired',
  atLeastOne: 'validation.atLeastOne',
  intervalRange: 'validation.intervalRange',
  /** A value that must be unique (a connection's token, for one) is already in use. */
  taken: 'validation.taken',
  /** Not a valid CPF or CNPJ (checkout payer). */
  taxId: 'validation.taxId',
  /** Not a YouTube video code nor a link to one. */
  videoCode: 'validation.videoCode',
  /** Not an http(s) address. */
  url: 'validation.url',
  /** A URL the server would fetch leads to a loopback, private, link-local or other non-public address. */
  publicAddress: 'validation.publicAddress',
  /** A value of the wrong kind (a list or an object where text or a number goes), or one no rule names. */
  invalid: 'validation.invalid',
  /** A key that names a built-in property of every object (`constructor`, `toString`). */
  notAllowed: 'validation.notAllowed',
  /** A JSON body nested deeper than the server reads (`params.max` levels). */
  tooDeep: 'validation.tooDeep',
  /** An upload whose multipart encoding cannot be read. */
  malformed: 'validation.malformed',
  /** A reference to a record of another parent (a queue option's parent in another queue). */
  sameQueue: 'validation.sameQueue',
  /** A collection already holds the most it may (`params.max`). */
  tooMany: 'validation.tooMany',
  /** An uploaded file over its cap (`params.max`, in MiB). */
  fileTooLarge: 'validation.fileTooLarge',
  /** An upload that should be a spreadsheet is not one (by its bytes), or cannot be read as one. */
  notSpreadsheet: 'validation.notSpreadsheet',
  /** A spreadsheet whose unpacked contents pass the cap the server reads (`params.max`, in MB). */
  spreadsheetTooLarge: 'validation.spreadsheetTooLarge',
  /** A spreadsheet archive of more files than a workbook has (`params.max`). */
  spreadsheetTooManyEntries: 'validation.spreadsheetTooManyEntries',
  /** A spreadsheet whose XML nests elements deeper than a workbook does (`params.max` levels). */
  spreadsheetTooDeep: 'validation.spreadsheetTooDeep',
  /** A spreadsheet that takes longer to read than the import allows (`params.max`, in seconds). */
  spreadsheetTooSlow: 'validation.spreadsheetTooSlow',
  /** A spreadsheet with more data rows than the import takes (`params.max`). */
  tooManyRows: 'validation.tooManyRows',
  /** A row repeats the number of an earlier row of the same file (`params.row`). */
  duplicateInFile: 'validation.duplicateInFile',
  /** A text longer, in UTF-8 bytes, than its column holds (`params.max`; an emoji takes 4). */
  tooManyBytes: 'validation.tooManyBytes',
  /** A time that must lie ahead (a scheduled message's `sendAt`). */
  future: 'validation.future',
} as const;

export type ValidationKey = (typeof V)[keyof typeof V];

/**
 * The most bytes a TEXT column holds on MySQL/MariaDB (SQLite's hold any). Its text is UTF-8, where
 * an emoji takes 4 bytes: 16,384 of them pass a 65,536-character cap and not the column.
 */
export const TEXT_COLUMN_BYTES = 65_535;

/** A text's length in UTF-8 bytes, counted without encoding it (a lone surrogate is sent as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** A yup test for a text kept in a TEXT column: at most TEXT_COLUMN_BYTES, `validation.tooManyBytes`. */
export const fitsTextColumn = {
  name: 'bytes',
  message: () => ({ key: V.tooManyBytes, params: { max: TEXT_COLUMN_BYTES } }),
  test: (value: string | null | undefined) => value == null || utf8Length(value) <= TEXT_COLUMN_BYTES,
};

/** yup message factories that keep the bound as a param instead of baking it into text. */
export const tooShort = ({ min }: { min: number }) => ({ key: V.tooShort, params: { min } });
export const tooLong = ({ max }: { max: number }) => ({ key: V.tooLong, params: { max } });

export interface ValidationMessage {
  key: string;
  params?: Record<string, unknown>;
}

/** Normalises a yup message (a key string or a `{ key, params }` object). */
export function toValidationMessage(message: unknown): ValidationMessage {
  if (message && typeof message === 'object' && 'key' in message) {
    return message as ValidationMessage;
  }
  return { key: String(message) };
}

/**
 * The largest id, count or limit a form may send: what a MySQL INT column holds. MySQL refuses a
 * larger value where SQLite would store it, so every integer field of a schema stops here.
 */
export const INT_MAX = 2_147_483_647;
/** The largest amount a money column (DECIMAL(12,2)) holds. */
export const MONEY_MAX = 9_999_999_999.99;

/** A row the form must point at (a plan, an invoice, a contact): a positive id an INT column holds. */
export const requiredIdSchema = yup
  .number()
  .typeError(V.required)
  .integer(V.integer)
  .positive(V.required)
  .max(INT_MAX, V.max)
  .required(V.required);

/**
 * The existing clients send `false` or `""` for "no record here" (no default connection, no
 * prompt, no integration); they mean exactly what null means.
 */
function noneAsNull(value: unknown, original: unknown): unknown {
  return original === false || original === '' ? null : value;
}

/** An optional reference to another record of the company: a positive id, or none. */
export const optionalId = () =>
  yup
    .number()
    .transform(noneAsNull)
    .typeError(V.number)
    .integer(V.integer)
    .positive(V.integer)
    .max(INT_MAX, V.max)
    .nullable();

export const TIME_HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
