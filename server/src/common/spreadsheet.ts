import { createRequire } from 'node:module';
import { WriteStream } from 'node:fs';
import { rm, truncate } from 'node:fs/promises';
import { type Duplex, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
// Legacy .xls (BIFF) is read with SheetJS Community Edition as republished on npm by @e965: the
// `xlsx` package on npm stopped at 0.18.5, which has unfixed advisories (prototype pollution,
// CVE-2023-30533; ReDoS, CVE-2024-22363); SheetJS now publishes only on its own CDN. Only .xls goes
// through it: .xlsx is streamed by exceljs.
import * as XLSX from '@e965/xlsx';
import { V } from '@atendo/shared';
import { DomainError } from './domain-error.js';

export interface SpreadsheetRow {
  /** The row's number in the sheet, 1-based (the header is row 1 in most files). */
  row: number;
  /** The row's cells as text, by normalised header (see `normaliseHeader`). */
  values: Record<string, string>;
}

export interface SpreadsheetOptions {
  /** Also read the legacy .xls format (OLE2 compound file). */
  allowXls: boolean;
  /** The most data rows (not counting the header) the caller takes; one more answers 400. */
  maxRows: number;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function notSpreadsheet(): DomainError {
  return new DomainError('ERR_VALIDATION', { fields: [{ field: 'file', message: V.notSpreadsheet }] });
}

/**
 * The most an .xlsx may unpack to, in bytes. Sheets compress 5–15 times (the benchmark's 100,000
 * rows: 2.8 MB packed, about 20 MB unpacked), so 300 MB leaves room for the row cap with wide
 * columns and styles, while a zip bomb (kilobytes that inflate to gigabytes) is refused from its
 * central directory before exceljs inflates any of it, or stopped where it inflates past what that
 * directory declares.
 */
export const XLSX_MAX_UNZIPPED_BYTES = 300 * 1000 * 1000;

export function spreadsheetTooLarge(): DomainError {
  return new DomainError('ERR_VALIDATION', {
    fields: [{ field: 'file', message: V.spreadsheetTooLarge, params: { max: XLSX_MAX_UNZIPPED_BYTES / 1e6 } }],
  });
}

function tooManyRows(max: number): DomainError {
  return new DomainError('ERR_VALIDATION', { fields: [{ field: 'file', message: V.tooManyRows, params: { max } }] });
}

/** A header as rows are keyed by: lower case, accents removed, spaces trimmed and collapsed. */
export function normaliseHeader(header: string): string {
  return header.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  // A phone number typed into a cell is a number; String() would write 1e+21 for the largest.
  if (Number.isInteger(value)) return BigInt(value).toString();
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

function dateText(value: Date): string {
  if (Number.isNaN(value.getTime())) return '';
  // Spreadsheet dates carry no zone: the wall time is kept as written, without a 'Z'.
  const iso = value.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

/** A cell's value (exceljs or SheetJS) as the text the sheet shows, without its formatting. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const cell = value as {
      richText?: { text: string }[];
      result?: unknown;
      formula?: string;
      sharedFormula?: string;
      text?: unknown;
      hyperlink?: string;
    };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text ?? '').join('');
    if ('formula' in cell || 'sharedFormula' in cell) return cellText(cell.result);
    if ('hyperlink' in cell) return cellText(cell.text ?? cell.hyperlink);
  }
  // Error cells (#N/A, #REF!) and anything unknown read as empty.
  return '';
}

/** Pairs headers with cells; columns without a header are dropped, the first of a repeated header wins. */
class RowShaper {
  private headers: (string | undefined)[] | undefined;
  private taken = 0;

  constructor(private readonly maxRows: number) {}

  /** The row keyed by header, or undefined for the header row itself and empty rows. */
  shape(cells: string[], row: number): SpreadsheetRow | undefined {
    if (cells.every((cell) => cell.trim() === '')) return undefined;
    if (!this.headers) {
      const seen = new Set<string>();
      this.headers = cells.map((cell) => {
        const header = normaliseHeader(cell);
        if (!header || seen.has(header)) return undefined;
        seen.add(header);
        return header;
      });
      return undefined;
    }
    if (++this.taken > this.maxRows) throw tooManyRows(this.maxRows);
    const values: Record<string, string> = {};
    this.headers.forEach((header, column) => {
      if (header) values[header] = cells[column] ?? '';
    });
    return { row, values };
  }
}

/** The text of a row's cells, from exceljs' 1-based sparse `values`. */
function rowCells(values: unknown[]): string[] {
  const cells: string[] = [];
  for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]).trim());
  return cells;
}

/** A worksheet's parse: arrays of events, one array for each piece of the sheet's XML read. */
type SheetEvents = AsyncIterable<{ eventType: string; value: unknown }[]>;

interface Unzipper {
  Open: { buffer(data: Buffer): Promise<{ files: { uncompressedSize: number }[] }> };
}
// The very unzipper exceljs' streaming reader unpacks with (its own dependency, not the one hoisted):
// the directory is read as the read that follows will find it.
const unzipper = createRequire(createRequire(import.meta.url).resolve('exceljs'))('unzipper') as Unzipper;

/**
 * Refuses an .xlsx whose central directory declares more than `cap` unpacked bytes (read without
 * inflating anything); answers the total it declares, which ZipSizeGuard then holds the read to.
 */
export async function checkZipSize(data: Buffer, cap = XLSX_MAX_UNZIPPED_BYTES): Promise<number> {
  let declared = 0;
  try {
    const directory = await unzipper.Open.buffer(data);
    for (const file of directory.files) declared += file.uncompressedSize;
  } catch {
    throw notSpreadsheet();
  }
  if (declared > cap) throw spreadsheetTooLarge();
  return declared;
}

const ignore = () => undefined;

/**
 * An .xlsx's bytes as exceljs' reader takes them, counting what its unzipper inflates while it
 * reads: the local headers and deflate streams may lie about the sizes the central directory
 * declares, and the unzipper trusts them. Past `limit` bytes the read fails at once — the entry
 * being read, where it is piped and the archive all end with spreadsheetTooLarge — so a lying
 * archive is inflated no further than its directory allows; a sheet exceljs was spilling to a
 * temporary file (stored before the shared strings) is emptied and removed.
 */
class ZipSizeGuard extends Readable {
  exceeded = false;
  private inflated = 0;

  constructor(
    private readonly data: Buffer,
    private readonly limit: number,
  ) {
    super();
  }

  override _read(): void {
    this.push(this.data);
    this.push(null);
  }

  /**
   * exceljs pipes these bytes into its unzipper, whose entries come out of it as objects; it adds
   * its own listener in the same tick, before the flow this one starts has begun.
   */
  override pipe<T extends NodeJS.WritableStream>(zip: T, options?: { end?: boolean }): T {
    (zip as unknown as Duplex).on('data', (entry: Readable) => this.watch(entry, zip as unknown as Duplex));
    return super.pipe(zip, options);
  }

  private watch(entry: Readable, zip: Duplex): void {
    const outlets: Writable[] = [];
    const pipe = entry.pipe.bind(entry);
    entry.pipe = <T extends NodeJS.WritableStream>(outlet: T, options?: { end?: boolean }): T => {
      outlets.push(outlet as unknown as Writable);
      return pipe(outlet, options);
    };
    // Paused first: a 'data' listener would otherwise start the flow before exceljs reads the entry.
    entry.pause();
    entry.on('data', (chunk: Buffer) => {
      this.inflated += chunk.length;
      if (this.inflated > this.limit && !this.exceeded) this.stop(entry, outlets, zip);
    });
  }

  private stop(entry: Readable, outlets: Writable[], zip: Duplex): void {
    this.exceeded = true;
    const error = spreadsheetTooLarge();
    for (const outlet of outlets) {
      // Some outlets (exceljs' drain of a skipped entry) have no error listener of their own.
      outlet.on('error', ignore);
      outlet.destroy(error);
      // Emptied before removal: the temporary-file library keeps its own descriptor of it open.
      if (outlet instanceof WriteStream) {
        const path = outlet.path;
        void truncate(path)
          .then(() => rm(path, { force: true }))
          .catch(ignore);
      }
    }
    entry.on('error', ignore);
    entry.destroy(error);
    zip.destroy(error);
  }
}

async function* readXlsx(data: Buffer, maxRows: number): AsyncGenerator<SpreadsheetRow[]> {
  const input = new ZipSizeGuard(data, await checkZipSize(data));
  // Styles are cached so date cells (numbers with a date format) arrive as dates.
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const shaper = new RowShaper(maxRows);
  let sheets = 0;
  /** A refusal found midway (too many rows), thrown once the reader is done. */
  let refused: unknown = null;
  try {
    for await (const worksheet of workbook) {
      sheets += 1;
      // The sheet's rows a piece of XML at a time (the reader's own parse), not one by one through
      // its per-row iterator: a 100,000-row import then makes about 300 steps instead of 100,000.
      for await (const events of worksheet.parse() as unknown as SheetEvents) {
        // Later sheets, and the rest of a refused one, are read past (not kept): stopping the reader
        // midway would leave the temporary files it keeps for sheets stored before the shared strings.
        if (sheets > 1 || refused) continue;
        const rows: SpreadsheetRow[] = [];
        try {
          for (const { eventType, value } of events) {
            if (eventType !== 'row') continue;
            const row = value as ExcelJS.Row;
            const shaped = shaper.shape(rowCells(row.values as unknown[]), row.number);
            if (shaped) rows.push(shaped);
          }
        } catch (error) {
          refused = error;
          continue;
        }
        if (rows.length) yield rows;
      }
    }
  } catch (error) {
    // Whatever the cut-off read failed with (XML ending midway), the cause is the archive's size.
    if (input.exceeded) throw spreadsheetTooLarge();
    if (error instanceof DomainError) throw error;
    // A damaged archive or XML exceljs cannot parse is the sender's file, not a server fault.
    throw notSpreadsheet();
  }
  if (refused) throw refused;
  if (sheets === 0) throw notSpreadsheet();
}

/** Rows per batch of an .xls, which is read whole. */
const XLS_BATCH = 1_000;

// Async like readXlsx, so both read the same way; the parse runs on the first read.
async function* readXls(data: Buffer, maxRows: number): AsyncGenerator<SpreadsheetRow[]> {
  let workbook: XLSX.WorkBook;
  try {
    // Read whole: the format holds at most 65,536 rows and the upload's size is capped. (sheetRows
    // cannot cap it instead: it counts empty rows too.)
    workbook = XLSX.read(data, { type: 'buffer', dense: true, cellDates: true, UTC: true });
  } catch {
    throw notSpreadsheet();
  }
  const first = workbook.SheetNames[0];
  const sheet = first === undefined ? undefined : workbook.Sheets[first];
  if (!sheet) throw notSpreadsheet();
  const rows = (sheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  const shaper = new RowShaper(maxRows);
  let batch: SpreadsheetRow[] = [];
  for (let index = 0; index < rows.length; index++) {
    const cells = Array.from(rows[index] ?? [], (cell) => cellText(cell?.v).trim());
    const shaped = shaper.shape(cells, index + 1);
    if (shaped) batch.push(shaped);
    if (batch.length === XLS_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * readSpreadsheet's rows in the batches they are read in (a piece of the sheet's XML, or a
 * thousand rows of an .xls), for a caller that handles many rows: one step per batch rather than
 * per row. Same sniffing and refusals as readSpreadsheet.
 */
export function readSpreadsheetBatches(data: Buffer, options: SpreadsheetOptions): AsyncIterable<SpreadsheetRow[]> {
  if (data.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return readXlsx(data, options.maxRows);
  if (options.allowXls && data.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC)) {
    return readXls(data, options.maxRows);
  }
  throw notSpreadsheet();
}

/**
 * Reads the first worksheet of a spreadsheet: the first non-empty row names the columns, each
 * later non-empty row comes out as text keyed by its normalised header. The format is found from
 * the bytes, never from the file name: an .xlsx is streamed (exceljs), an .xls (only with
 * `allowXls`) is read whole by SheetJS; anything else — or a damaged file — is refused with 400
 * `validation.notSpreadsheet`, and more than `maxRows` rows with 400 `validation.tooManyRows`
 * (thrown when the row past the limit is reached).
 */
export function readSpreadsheet(data: Buffer, options: SpreadsheetOptions): AsyncIterable<SpreadsheetRow> {
  const batches = readSpreadsheetBatches(data, options);
  return (async function* () {
    for await (const batch of batches) yield* batch;
  })();
}

export interface SpreadsheetContact {
  name: string;
  number: string;
  email: string;
}

const CONTACT_COLUMNS: Record<keyof SpreadsheetContact, string[]> = {
  name: ['name', 'nome'],
  number: ['number', 'numero', 'telefone', 'phone', 'celular', 'whatsapp'],
  email: ['email', 'e-mail'],
};

/** A row's contact fields by the column names people use for them (in pt and en); missing ones are ''. */
export function spreadsheetRowToContact(values: Record<string, string>): SpreadsheetContact {
  const pick = (aliases: string[]) => aliases.map((alias) => values[alias]?.trim()).find((value) => value) ?? '';
  return { name: pick(CONTACT_COLUMNS.name), number: pick(CONTACT_COLUMNS.number), email: pick(CONTACT_COLUMNS.email) };
}
