import { badInput } from './errors.ts';

/** A record of the file: its cells, and its row number as a spreadsheet shows it (header: 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter the header uses most: couriers' portals export commas, and spreadsheets set to
 * a locale with decimal commas write semicolons.
 */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  let best: string = ',';
  let most = 0;
  for (const delimiter of DELIMITERS) {
    const count = header.split(delimiter).length - 1;
    if (count > most) [best, most] = [delimiter, count];
  }
  return best;
}

/**
 * Reads CSV text (RFC 4180): a leading BOM is dropped, lines end in LF or CRLF, a quoted cell
 * may hold delimiters, line breaks and doubled quotes. Blank lines are skipped, and a row number
 * counts records, as a spreadsheet opening the file numbers them. A quote never closed is 400.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const delimiter = delimiterOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let row = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) records.push({ row, cells });
    row += 1;
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else cell += char;
  }
  if (quoted) throw badInput(`A quoted cell that opens on row ${row} is never closed`);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
