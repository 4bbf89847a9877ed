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
  /** How long the read may take, in seconds (SPREADSHEET_MAX_SECONDS unless given). */
  maxSeconds?: number;
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

/**
 * The most files an .xlsx may hold. A workbook has a dozen or so (a part per sheet, drawing and
 * picture beyond that); thousands of empty entries only make the reader walk them (20,000 took 8 s).
 */
export const XLSX_MAX_ENTRIES = 1_000;

/**
 * How deeply the XML of an .xlsx may nest its elements. A sheet's cell text sits about 7 levels
 * down and drawings about 15; the XML parser keeps every open element, so a few kilobytes of
 * `<a><a><a>…` packed into a sheet cost hundreds of megabytes and seconds before it is refused.
 */
export const XLSX_MAX_DEPTH = 64;

/**
 * How long a spreadsheet's read may take, in seconds. The 100,000-row import reads in a few seconds;
 * the caps above bound the work of one file, this bounds what they leave (many small rows, a slow
 * machine).
 */
export const SPREADSHEET_MAX_SECONDS = 60;

function spreadsheetLimit(message: string, max: number): DomainError {
  return new DomainError('ERR_VALIDATION', { fields: [{ field: 'file', message, params: { max } }] });
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

interface DirectoryRecord {
  path: string;
  uncompressedSize: number;
  offsetToLocalFileHeader: number;
}

interface Unzipper {
  Open: {
    buffer(data: Buffer): Promise<{ files: DirectoryRecord[]; offsetToStartOfCentralDirectory: number }>;
  };
}

/** What an archive's central directory declares, which the read is then held to. */
export interface ZipDeclared {
  /** The unpacked bytes of every entry together. */
  bytes: number;
  entries: number;
}

/** The archive as the read is given it: the entries it parses, in the order below, then the directory. */
interface ZipRead extends ZipDeclared {
  pieces: Buffer[];
  /** How many entries the pieces hold, by the directory. */
  parts: number;
  sharedStrings: boolean;
}

/**
 * The parts of a workbook the reader parses, in the order it needs them: the relations and the
 * shared strings before any sheet, so that no sheet is kept in a temporary file until they come
 * (exceljs spills a sheet stored before them, as Excel stores it, to disk); whatever else the
 * archive holds (pictures, themes, properties) is not given to the reader at all.
 */
const PARTS_READ = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];
const SHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;
// The very unzipper exceljs' streaming reader unpacks with (its own dependency, not the one hoisted):
// the directory is read as the read that follows will find it.
const unzipper = createRequire(createRequire(import.meta.url).resolve('exceljs'))('unzipper') as Unzipper;

/** The count of entries an archive's end-of-central-directory record gives (the last 22+ bytes). */
function declaredEntryCount(data: Buffer): number | undefined {
  // The record is 22 bytes plus a comment of up to 65,535; found from the end.
  const from = Math.max(0, data.length - 22 - 0xffff);
  const at = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return at >= from && at + 22 <= data.length ? data.readUInt16LE(at + 10) : undefined;
}

/**
 * Refuses an .xlsx whose central directory declares more than XLSX_MAX_ENTRIES entries or more
 * than `cap` unpacked bytes (read without inflating anything: the count first, from the directory's
 * last record, before its entries are listed); answers what it declares, which ZipGuard then holds
 * the read to.
 */
export async function checkZipSize(data: Buffer, cap = XLSX_MAX_UNZIPPED_BYTES): Promise<ZipDeclared> {
  const { bytes, entries } = await readDirectory(data, cap);
  return { bytes, entries };
}

async function readDirectory(data: Buffer, cap = XLSX_MAX_UNZIPPED_BYTES): Promise<ZipRead> {
  const count = declaredEntryCount(data);
  // 0xffff: a zip64 archive keeps the true count elsewhere; the listing below has it.
  if (count !== undefined && count !== 0xffff && count > XLSX_MAX_ENTRIES) {
    throw spreadsheetLimit(V.spreadsheetTooManyEntries, XLSX_MAX_ENTRIES);
  }
  let directory: Awaited<ReturnType<Unzipper['Open']['buffer']>>;
  try {
    directory = await unzipper.Open.buffer(data);
  } catch {
    throw notSpreadsheet();
  }
  const files = directory.files;
  if (files.length > XLSX_MAX_ENTRIES) throw spreadsheetLimit(V.spreadsheetTooManyEntries, XLSX_MAX_ENTRIES);
  const bytes = files.reduce((sum, file) => sum + file.uncompressedSize, 0);
  if (bytes > cap) throw spreadsheetTooLarge();
  // Each entry's bytes run from its local header to the next entry's (or the directory).
  const ends = [
    ...new Set([...files.map((file) => file.offsetToLocalFileHeader), directory.offsetToStartOfCentralDirectory]),
  ].sort((a, b) => a - b);
  const piece = (file: DirectoryRecord) => {
    const start = file.offsetToLocalFileHeader;
    return data.subarray(start, ends.find((end) => end > start) ?? start);
  };
  const read = [
    ...PARTS_READ.flatMap((path) => files.filter((file) => file.path === path).slice(0, 1)),
    ...files
      .filter((file) => SHEET_PART.test(file.path))
      .sort((a, b) => a.offsetToLocalFileHeader - b.offsetToLocalFileHeader),
  ];
  return {
    bytes,
    entries: files.length,
    parts: read.length,
    sharedStrings: read.some((file) => file.path === 'xl/sharedStrings.xml'),
    pieces: [...read.map(piece), data.subarray(directory.offsetToStartOfCentralDirectory)],
  };
}

const TEXT = 0;
const OPENED = 1; // just after '<'
const TAG = 2; // inside a start tag
const QUOTED = 3; // inside an attribute value of a start tag
const END_TAG = 4;
const BANG = 5; // just after '<!'
const SKIPPED = 6; // inside a comment, CDATA section, declaration or processing instruction

/**
 * How deeply an XML document nests its elements, told a chunk of bytes at a time without parsing
 * it (a few states over each byte; no element is kept). Comments, CDATA sections, declarations and
 * processing instructions are passed over. A document that is not well-formed may be miscounted;
 * the parser that reads it refuses it anyway.
 */
export class XmlDepth {
  depth = 0;
  deepest = 0;
  private state = TEXT;
  private quote = 0;
  private previous = 0;
  private end = '';
  private tail = '';

  feed(chunk: Uint8Array): number {
    for (const byte of chunk) {
      switch (this.state) {
        case TEXT:
          if (byte === 0x3c) this.state = OPENED;
          break;
        case OPENED:
          if (byte === 0x2f) this.state = END_TAG;
          else if (byte === 0x21) this.state = BANG;
          else if (byte === 0x3f) this.skip('?>');
          else {
            this.state = TAG;
            this.deepest = Math.max(this.deepest, ++this.depth);
          }
          break;
        case TAG:
          if (byte === 0x22 || byte === 0x27) {
            this.state = QUOTED;
            this.quote = byte;
          } else if (byte === 0x3e) {
            if (this.previous === 0x2f) this.depth--;
            this.state = TEXT;
          }
          break;
        case QUOTED:
          if (byte === this.quote) this.state = TAG;
          break;
        case END_TAG:
          if (byte === 0x3e) {
            this.depth--;
            this.state = TEXT;
          }
          break;
        case BANG:
          this.skip(byte === 0x2d ? '-->' : byte === 0x5b ? ']]>' : '>');
          break;
        case SKIPPED:
          this.tail = (this.tail + String.fromCharCode(byte)).slice(-this.end.length);
          if (this.tail === this.end) this.state = TEXT;
          break;
      }
      this.previous = byte;
    }
    return this.deepest;
  }

  private skip(end: string): void {
    this.state = SKIPPED;
    this.end = end;
    this.tail = '';
  }
}

const ignore = () => undefined;

/** The parts of an .xlsx that are XML, whose nesting ZipGuard counts (pictures and the like are not). */
const XML_PART = /\.(xml|rels|vml)$/i;

/**
 * An .xlsx's bytes as exceljs' reader takes them, holding what its unzipper does while it reads to
 * the limits: the local headers and deflate streams may lie about what the central directory
 * declares (sizes, how many entries), and the unzipper trusts them. It counts the bytes inflated
 * (at most what the directory declares), the entries met (at most as many as it lists), how deeply
 * each XML part nests (XLSX_MAX_DEPTH) and the time (`deadline`). Past a limit the read fails at once
 * — the entry being read, where it is piped and the archive all end with the refusal naming it — so
 * a hostile archive is read no further than the limit; a sheet exceljs was spilling to a temporary
 * file (stored before the shared strings) is emptied and removed.
 */
class ZipGuard extends Readable {
  /** The limit the read was stopped at, if it was. */
  refusal: DomainError | null = null;
  private inflated = 0;
  private entries = 0;

  private zip: Duplex | null = null;
  private current: { entry: Readable; outlets: Writable[] } | null = null;

  constructor(
    private readonly archive: ZipRead,
    private readonly deadline: number,
    private readonly maxSeconds: number,
  ) {
    super();
  }

  override _read(): void {
    for (const piece of this.archive.pieces) this.push(piece);
    this.push(null);
  }

  /** Ends the read at a limit found while the rows are read (too many, out of time). */
  abort(refusal: DomainError): void {
    if (this.zip && this.current) this.stop(refusal, this.current.entry, this.current.outlets, this.zip);
    else this.refusal ??= refusal;
  }

  /** The refusal for a read past its time, or null while there is time left. */
  overtime(): DomainError | null {
    return Date.now() > this.deadline ? spreadsheetLimit(V.spreadsheetTooSlow, this.maxSeconds) : null;
  }

  /**
   * exceljs pipes these bytes into its unzipper, whose entries come out of it as objects; it adds
   * its own listener in the same tick, before the flow this one starts has begun.
   */
  override pipe<T extends NodeJS.WritableStream>(zip: T, options?: { end?: boolean }): T {
    this.zip = zip as unknown as Duplex;
    (zip as unknown as Duplex).on('data', (entry: Readable & { path?: string }) =>
      this.watch(entry, zip as unknown as Duplex),
    );
    return super.pipe(zip, options);
  }

  private watch(entry: Readable & { path?: string }, zip: Duplex): void {
    const outlets: Writable[] = [];
    const pipe = entry.pipe.bind(entry);
    entry.pipe = <T extends NodeJS.WritableStream>(outlet: T, options?: { end?: boolean }): T => {
      outlets.push(outlet as unknown as Writable);
      return pipe(outlet, options);
    };
    this.current = { entry, outlets };
    // More entries than the directory gave: local headers hidden between those it lists.
    if (++this.entries > this.archive.parts) {
      this.stop(spreadsheetLimit(V.spreadsheetTooManyEntries, XLSX_MAX_ENTRIES), entry, outlets, zip);
      return;
    }
    const depth = XML_PART.test(entry.path ?? '') ? new XmlDepth() : null;
    // Paused first: a 'data' listener would otherwise start the flow before exceljs reads the entry.
    entry.pause();
    // This listener comes before exceljs' own, so a chunk past a limit goes no further.
    entry.on('data', (chunk: Buffer) => {
      if (this.refusal) return;
      this.inflated += chunk.length;
      const refusal =
        this.inflated > this.archive.bytes
          ? spreadsheetTooLarge()
          : depth && depth.feed(chunk) > XLSX_MAX_DEPTH
            ? spreadsheetLimit(V.spreadsheetTooDeep, XLSX_MAX_DEPTH)
            : this.overtime();
      if (refusal) this.stop(refusal, entry, outlets, zip);
    });
  }

  private stop(refusal: DomainError, entry: Readable, outlets: Writable[], zip: Duplex): void {
    if (this.refusal) return;
    this.refusal = refusal;
    for (const outlet of outlets) {
      // Some outlets (exceljs' drain of a skipped entry) have no error listener of their own.
      outlet.on('error', ignore);
      outlet.destroy(refusal);
      // Emptied before removal: the temporary-file library keeps its own descriptor of it open.
      if (outlet instanceof WriteStream) {
        const path = outlet.path;
        void truncate(path)
          .then(() => rm(path, { force: true }))
          .catch(ignore);
      }
    }
    entry.on('error', ignore);
    entry.destroy(refusal);
    zip.destroy(refusal);
  }
}

async function* readXlsx(data: Buffer, options: SpreadsheetOptions): AsyncGenerator<SpreadsheetRow[]> {
  const maxSeconds = options.maxSeconds ?? SPREADSHEET_MAX_SECONDS;
  const started = Date.now();
  const archive = await readDirectory(data);
  const input = new ZipGuard(archive, started + maxSeconds * 1000, maxSeconds);
  // Styles are cached so date cells (numbers with a date format) arrive as dates.
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  // A workbook without shared strings (cells of inline text, as SheetJS writes them) would have each
  // sheet kept on disk waiting for them; there are none to wait for.
  if (!archive.sharedStrings) (workbook as unknown as { sharedStrings: unknown[] }).sharedStrings = [];
  const shaper = new RowShaper(options.maxRows);
  let sheets = 0;
  try {
    for await (const worksheet of workbook) {
      sheets += 1;
      // The sheet's rows a piece of XML at a time (the reader's own parse), not one by one through
      // its per-row iterator: a 100,000-row import then makes about 300 steps instead of 100,000.
      for await (const events of worksheet.parse() as unknown as SheetEvents) {
        const overtime = input.overtime();
        if (overtime) throw overtime;
        // Later sheets are read past (not kept), within the archive's caps and the time allowed.
        if (sheets > 1) continue;
        const rows: SpreadsheetRow[] = [];
        for (const { eventType, value } of events) {
          if (eventType !== 'row') continue;
          const row = value as ExcelJS.Row;
          const shaped = shaper.shape(rowCells(row.values as unknown[]), row.number);
          if (shaped) rows.push(shaped);
        }
        if (rows.length) yield rows;
      }
    }
  } catch (error) {
    // A limit met while the rows are read (too many, out of time) ends the read there: no sheet is
    // kept on disk (see PARTS_READ), so nothing is left behind.
    if (error instanceof DomainError) input.abort(error);
    // Whatever the cut-off read failed with (XML ending midway), the cause is the limit it was stopped at.
    if (input.refusal) throw input.refusal;
    // A damaged archive or XML exceljs cannot parse is the sender's file, not a server fault.
    throw notSpreadsheet();
  }
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
  if (data.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return readXlsx(data, options);
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
