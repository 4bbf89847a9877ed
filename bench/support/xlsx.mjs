import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * A one-sheet .xlsx ("Contatos") as Excel lays it out: shared strings after the sheet, written by
 * exceljs' streaming writer, a header row then `rows` (each row an array of cells, any iterable).
 */
export async function streamedXlsx(header, rows) {
  const chunks = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: true });
  const sheet = book.addWorksheet('Contatos');
  sheet.addRow(header).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
