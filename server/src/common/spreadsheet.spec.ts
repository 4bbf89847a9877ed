import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { DomainError } from './domain-error.js';
import JSZip from 'jszip';
import {
  checkZipSize,
  normaliseHeader,
  XmlDepth,
  readSpreadsheet,
  readSpreadsheetBatches,
  spreadsheetRowToContact,
  type SpreadsheetOptions,
  type SpreadsheetRow,
} from './spreadsheet.js';

const options = { allowXls: false, maxRows: 100 };

async function rows(data: Buffer, opts: SpreadsheetOptions = options): Promise<SpreadsheetRow[]> {
  const out: SpreadsheetRow[] = [];
  for await (const row of readSpreadsheet(data, opts)) out.push(row);
  return out;
}

/** The 400 a read ends with, as `{ field, message, params }`. */
async function refusal(read: () => Promise<unknown>) {
  try {
    await read();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: error.status, fields: error.extra.fields };
  }
  throw new Error('the read did not fail');
}

async function xlsx(fill: (sheet: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('Contatos'), book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A file from exceljs's streaming writer, which stores the sheet before the shared strings. */
async function streamedXlsx(table: unknown[][]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: true });
  const sheet = book.addWorksheet('Contatos');
  for (const line of table) sheet.addRow(line).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

function xls(table: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table, { cellDates: true }), 'Contatos');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

describe('readSpreadsheet (.xlsx)', () => {
  it('keys cells by normalised header and gives the sheet row numbers', async () => {
    const data = await xlsx((sheet) => {
      sheet.addRow([' Nome ', 'NÚMERO', 'E-mail']);
      sheet.addRow(['Ana', '5511987654321', 'ana@example.com']);
      sheet.addRow([]);
      sheet.addRow(['Bia', '(11) 8765-4321']);
    });
    expect(await rows(data)).toEqual([
      { row: 2, values: { nome: 'Ana', numero: '5511987654321', 'e-mail': 'ana@example.com' } },
      { row: 4, values: { nome: 'Bia', numero: '(11) 8765-4321', 'e-mail': '' } },
    ]);
  });

  it('writes numbers without exponent or .0, dates as ISO, rich text joined, formulas by their result', async () => {
    const data = await xlsx((sheet) => {
      sheet.addRow(['number', 'big', 'decimal', 'day', 'moment', 'rich', 'formula', 'link', 'flag']);
      sheet.addRow([
        5511987654321,
        1e21,
        0.0000001,
        new Date(Date.UTC(2024, 0, 15)),
        new Date(Date.UTC(2024, 0, 15, 13, 45, 10)),
        { richText: [{ text: 'Ana ' }, { font: { bold: true }, text: 'Souza' }] },
        { formula: 'CONCATENATE("55","11987654321")', result: '5511987654321' },
        { text: 'site', hyperlink: 'https://example.com' },
        true,
      ]);
      sheet.getCell('D2').numFmt = 'yyyy-mm-dd';
      sheet.getCell('E2').numFmt = 'yyyy-mm-dd hh:mm:ss';
    });
    expect((await rows(data))[0].values).toEqual({
      number: '5511987654321',
      big: '1000000000000000000000',
      decimal: '0.0000001',
      day: '2024-01-15',
      moment: '2024-01-15T13:45:10',
      rich: 'Ana Souza',
      formula: '5511987654321',
      link: 'site',
      flag: 'TRUE',
    });
  });

  it('drops columns without a header and keeps the first of a repeated one', async () => {
    const data = await xlsx((sheet) => {
      sheet.addRow(['name', '', 'Name']);
      sheet.addRow(['first', 'orphan', 'second']);
    });
    expect(await rows(data)).toEqual([{ row: 2, values: { name: 'first' } }]);
  });

  it('reads a file whose sheet comes before the shared strings', async () => {
    const data = await streamedXlsx([
      ['Nome', 'Telefone'],
      ['Ana', '5511987654321'],
      ['Ana', '5511987654322'],
    ]);
    expect(await rows(data)).toEqual([
      { row: 2, values: { nome: 'Ana', telefone: '5511987654321' } },
      { row: 3, values: { nome: 'Ana', telefone: '5511987654322' } },
    ]);
  });

  it('gives the same rows in batches, as they are read', async () => {
    const table = [['name'], ...Array.from({ length: 3_000 }, (_, i) => [`n${i}`])];
    const data = await streamedXlsx(table);
    const batches: SpreadsheetRow[][] = [];
    for await (const batch of readSpreadsheetBatches(data, { allowXls: false, maxRows: 3_000 })) batches.push(batch);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(await rows(data, { allowXls: false, maxRows: 3_000 }));
    expect(batches.flat().at(-1)).toEqual({ row: 3_001, values: { name: 'n2999' } });
  });

  it('reads only the first worksheet', async () => {
    const data = await xlsx((sheet, book) => {
      sheet.addRow(['name']);
      sheet.addRow(['first sheet']);
      const other = book.addWorksheet('Other');
      other.addRow(['name']);
      other.addRow(['second sheet']);
    });
    expect(await rows(data)).toEqual([{ row: 2, values: { name: 'first sheet' } }]);
  });

  it('refuses more data rows than allowed, with the limit', async () => {
    const data = await xlsx((sheet) => {
      sheet.addRow(['name']);
      for (let i = 0; i < 4; i++) sheet.addRow([`n${i}`]);
    });
    expect(await rows(data, { allowXls: false, maxRows: 4 })).toHaveLength(4);
    expect(await refusal(() => rows(data, { allowXls: false, maxRows: 3 }))).toEqual({
      status: 400,
      fields: [{ field: 'file', message: 'validation.tooManyRows', params: { max: 3 } }],
    });
  });

  it('refuses a damaged archive with 400', async () => {
    const data = await xlsx((sheet) => {
      sheet.addRow(['name']);
      for (let i = 0; i < 200; i++) sheet.addRow([`name ${i}`]);
    });
    const damaged = Buffer.from(data);
    damaged.fill(0x41, 200, 1200);
    for (const broken of [data.subarray(0, data.length / 2), damaged]) {
      expect(await refusal(() => rows(broken))).toEqual({
        status: 400,
        fields: [{ field: 'file', message: 'validation.notSpreadsheet' }],
      });
    }
  });
});

/** A zip of one entry of about `size` repeated bytes: kilobytes on disk, `size` bytes unpacked. */
async function zipOf(size: number, path = 'xl/worksheets/sheet1.xml'): Promise<Buffer> {
  const zip = new JSZip();
  // No folder entries: the archive's first central directory record is the file's.
  zip.file(path, Buffer.concat([Buffer.from('<x>'), Buffer.alloc(size, 0x41), Buffer.from('</x>')]), {
    createFolders: false,
  });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The same zip whose central directory claims 10 unpacked bytes, while its data still inflates to `size`. */
async function lyingZipOf(size: number, path?: string): Promise<Buffer> {
  const bomb = await zipOf(size, path);
  // The central directory's record (PK\x01\x02) holds the unpacked size at offset 24.
  const record = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  bomb.writeUInt32LE(10, record + 24);
  return bomb;
}

describe('checkZipSize (zip bombs)', () => {
  it('refuses an archive whose entries declare more than the cap, before inflating any', async () => {
    const bomb = await zipOf(1_000_000);
    expect(bomb.length).toBeLessThan(10_000);
    expect(await refusal(() => checkZipSize(bomb, 100_000))).toEqual({
      status: 400,
      fields: [{ field: 'file', message: 'validation.spreadsheetTooLarge', params: { max: 300 } }],
    });
    await expect(checkZipSize(bomb, 2_000_000)).resolves.toEqual({ bytes: 1_000_007, entries: 1 });
  });

  it('refuses too many rows of a sheet stored before its shared strings, leaving no temporary file', async () => {
    const spilled = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    const before = spilled();
    const data = await streamedXlsx([['name'], ...Array.from({ length: 50 }, (_, i) => [`n${i}`])]);
    expect(await refusal(() => rows(data, { allowXls: false, maxRows: 10 }))).toEqual({
      status: 400,
      fields: [{ field: 'file', message: 'validation.tooManyRows', params: { max: 10 } }],
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(spilled()).toEqual(before);
  });

  // The parts the reader needs are given to it (sheets after the shared strings, so none is kept in
  // a temporary file); the read stops in each as it inflates past what the directory declares.
  it.each(['xl/worksheets/sheet1.xml', 'xl/styles.xml'])(
    'stops the read of an upload whose %s inflates past what its directory declares',
    async (path) => {
      const spilled = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));
      const before = spilled();
      const bomb = await lyingZipOf(1_000_000, path);
      expect(await refusal(() => rows(bomb))).toMatchObject({
        status: 400,
        fields: [{ field: 'file', message: 'validation.spreadsheetTooLarge' }],
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(spilled()).toEqual(before);
    },
  );

  it('never inflates a part the reader does not need, however it lies', async () => {
    const bomb = await JSZip.loadAsync(await lyingZipOf(50_000_000, 'docProps/app.xml'));
    const book = await JSZip.loadAsync(
      await xlsx((sheet) => {
        sheet.addRow(['name']);
        sheet.addRow(['Ana']);
      }),
    );
    for (const [path, file] of Object.entries(book.files)) {
      if (!file.dir && path !== 'docProps/app.xml') bomb.file(path, await file.async('nodebuffer'));
    }
    const data = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const started = Date.now();
    expect(await rows(data, { allowXls: false, maxRows: 10, maxSeconds: 60 })).toEqual([
      { row: 2, values: { name: 'Ana' } },
    ]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

/** A workbook of two contacts whose zip is then changed by `change`, packed as tightly as it goes. */
async function hostile(change: (zip: JSZip) => Promise<void> | void): Promise<Buffer> {
  const zip = await JSZip.loadAsync(
    await xlsx((sheet) => {
      sheet.addRow(['name', 'number']);
      sheet.addRow(['Ana', '5511987654321']);
    }),
  );
  await change(zip);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** The refusal a read ends with and how long it took to come, in ms. */
async function timedRefusal(data: Buffer, opts: SpreadsheetOptions = options) {
  const started = Date.now();
  const refused = await refusal(() => rows(data, opts));
  return { ...refused, ms: Date.now() - started };
}

describe('readSpreadsheet (hostile workbooks)', () => {
  it.each(['xl/worksheets/sheet1.xml', 'xl/styles.xml', 'xl/workbook.xml'])(
    'refuses %s nesting a million elements, as soon as it passes the depth allowed',
    async (path) => {
      const deep = 1_000_000;
      const data = await hostile(async (zip) => {
        const xml = await zip.file(path)!.async('string');
        // Inside the root element, after its first child's start.
        const at = xml.indexOf('>', xml.indexOf('<', xml.indexOf('?>') + 2)) + 1;
        zip.file(path, xml.slice(0, at) + '<a>'.repeat(deep) + '</a>'.repeat(deep) + xml.slice(at));
      });
      expect(data.length).toBeLessThan(30_000);
      const refused = await timedRefusal(data);
      expect(refused).toMatchObject({
        status: 400,
        fields: [{ field: 'file', message: 'validation.spreadsheetTooDeep', params: { max: 64 } }],
      });
      expect(refused.ms).toBeLessThan(1_000);
    },
  );

  it('refuses an archive of 20,000 entries from its directory, before reading any', async () => {
    const data = await hostile((zip) => {
      for (let i = 0; i < 20_000; i++) zip.file(`xl/media/x${i}.xml`, '', { createFolders: false });
    });
    const refused = await timedRefusal(data);
    expect(refused).toMatchObject({
      status: 400,
      fields: [{ field: 'file', message: 'validation.spreadsheetTooManyEntries', params: { max: 1000 } }],
    });
    expect(refused.ms).toBeLessThan(200);
  });

  it('stops a read whose archive holds more entries than its directory lists', async () => {
    let listed = 0;
    const data = await hostile(async (zip) => {
      // The sheet last, then the entries its directory will not list, right behind it.
      const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('nodebuffer');
      zip.remove('xl/worksheets/sheet1.xml');
      zip.file('xl/worksheets/sheet1.xml', sheet, { createFolders: false });
      listed = Object.keys(zip.files).length;
      for (let i = 0; i < 2_000; i++) zip.file(`xl/media/x${i}.xml`, '', { createFolders: false });
    });
    // The directory's records are cut to the workbook's own, and its end record says so: the local
    // headers exceljs' unzipper reads hold 2,000 entries more after the sheet.
    const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const start = data.readUInt32LE(end + 16);
    let cut = start;
    for (let i = 0; i < listed; i++) {
      cut += 46 + data.readUInt16LE(cut + 28) + data.readUInt16LE(cut + 30) + data.readUInt16LE(cut + 32);
    }
    const record = Buffer.from(data.subarray(end, end + 22));
    record.writeUInt16LE(listed, 8);
    record.writeUInt16LE(listed, 10);
    record.writeUInt32LE(cut - start, 12);
    const lying = Buffer.concat([data.subarray(0, cut), record]);
    expect(await refusal(() => rows(lying))).toMatchObject({
      status: 400,
      fields: [{ field: 'file', message: 'validation.spreadsheetTooManyEntries' }],
    });
  });

  it('refuses a read that takes longer than allowed, naming the limit', async () => {
    const table = [['name', 'number'], ...Array.from({ length: 20_000 }, (_, i) => [`n${i}`, `55119${i}`])];
    const data = await streamedXlsx(table);
    expect(await rows(data, { allowXls: false, maxRows: 20_000 })).toHaveLength(20_000);
    expect(await refusal(() => rows(data, { allowXls: false, maxRows: 20_000, maxSeconds: 0.001 }))).toEqual({
      status: 400,
      fields: [{ field: 'file', message: 'validation.spreadsheetTooSlow', params: { max: 0.001 } }],
    });
  });

  it('refuses a sheet of a million rows quickly', async () => {
    const data = await hostile(async (zip) => {
      const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
      const many = Array.from({ length: 1_000_000 }, (_, i) => `<row r="${i + 3}"><c r="A${i + 3}"><v>1</v></c></row>`);
      zip.file('xl/worksheets/sheet1.xml', xml.replace('</sheetData>', many.join('') + '</sheetData>'));
    });
    const refused = await timedRefusal(data);
    expect(refused).toMatchObject({
      status: 400,
      fields: [{ field: 'file', message: 'validation.tooManyRows', params: { max: 100 } }],
    });
    expect(refused.ms).toBeLessThan(2_000);
  });
});

describe('XmlDepth', () => {
  it('counts how deeply elements nest, a chunk at a time, passing over what is not an element', () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE x><a x="1>/2" y=\'<b>\'><b/><!-- <c><c><c> --><b><![CDATA[<c><c>]]><c><d></d></c></b></a>';
    const depth = new XmlDepth();
    for (const piece of xml.match(/.{1,3}/gs)!) depth.feed(Buffer.from(piece));
    expect({ depth: depth.depth, deepest: depth.deepest }).toEqual({ depth: 0, deepest: 4 });
  });
});

describe('readSpreadsheet (sniffing)', () => {
  const notSpreadsheet = { status: 400, fields: [{ field: 'file', message: 'validation.notSpreadsheet' }] };

  it.each([
    ['text', Buffer.from('name;number\nAna;5511987654321\n')],
    ['a PDF', Buffer.from('%PDF-1.7\n%\u00e2\u00e3')],
    ['empty', Buffer.alloc(0)],
    ['a zip that is not a workbook', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(60)])],
  ])('refuses %s', async (_name, data) => {
    expect(await refusal(() => rows(data))).toEqual(notSpreadsheet);
  });

  it('reads .xls only when allowed, by its bytes', async () => {
    const data = xls([
      ['Nome', 'Celular', 'Email', 'Desde'],
      ['Ana', 5511987654321, 'ana@example.com', new Date(Date.UTC(2024, 0, 15))],
      [],
      ['Bia', '(11) 8765-4321', '', 0.5],
    ]);
    expect(await refusal(() => rows(data))).toEqual(notSpreadsheet);
    expect(await rows(data, { allowXls: true, maxRows: 10 })).toEqual([
      { row: 2, values: { nome: 'Ana', celular: '5511987654321', email: 'ana@example.com', desde: '2024-01-15' } },
      { row: 4, values: { nome: 'Bia', celular: '(11) 8765-4321', email: '', desde: '0.5' } },
    ]);
    expect(await refusal(() => rows(data, { allowXls: true, maxRows: 1 }))).toEqual({
      status: 400,
      fields: [{ field: 'file', message: 'validation.tooManyRows', params: { max: 1 } }],
    });
  });

  it('refuses a damaged .xls with 400', async () => {
    const data = xls([['name'], ['Ana']]);
    const broken = Buffer.concat([data.subarray(0, 512), Buffer.alloc(100)]);
    expect(await refusal(() => rows(broken, { allowXls: true, maxRows: 10 }))).toEqual(notSpreadsheet);
  });
});

describe('spreadsheetRowToContact', () => {
  it('finds the contact fields under the names people give the columns', () => {
    expect(spreadsheetRowToContact({ nome: ' Ana ', telefone: '11 98765-4321', 'e-mail': 'a@b.co' })).toEqual({
      name: 'Ana',
      number: '11 98765-4321',
      email: 'a@b.co',
    });
    expect(spreadsheetRowToContact({ name: 'Bia', whatsapp: '5511987654321', extra: 'x' })).toEqual({
      name: 'Bia',
      number: '5511987654321',
      email: '',
    });
    expect(spreadsheetRowToContact({ numero: '', celular: '5511987654321' }).number).toBe('5511987654321');
    expect(spreadsheetRowToContact({})).toEqual({ name: '', number: '', email: '' });
  });

  it('matches headers as normalised by the reader', () => {
    expect(normaliseHeader('  Número  de  Telefone ')).toBe('numero de telefone');
    expect(spreadsheetRowToContact({ [normaliseHeader('NÚMERO')]: '1', [normaliseHeader('E-Mail')]: 'x' })).toEqual({
      name: '',
      number: '1',
      email: 'x',
    });
  });
});
