import Papa from 'papaparse';

/** Excel opens a UTF-8 CSV as UTF-8 only when it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** Cells a spreadsheet would run as a formula get a leading apostrophe on export (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** CSV text of rows (no header handling: pass the header as the first row), lines ending in CRLF as RFC 4180 says. */
export function toCsv(rows: (string | number)[][]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(rows, { escapeFormulae: FORMULA_START, newline: '\r\n' })}\r\n`;
}

/** Reverses the export's formula escaping, so an exported '+7 912 … phone imports as +7 912 …. */
export function unescapeCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** Text of an uploaded CSV: UTF-8 (with or without BOM), else Windows-1251, which Russian Excel still writes. */
export function decodeCsv(buffer: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = new TextDecoder('windows-1251').decode(buffer);
  }
  return text.startsWith(UTF8_BOM) ? text.slice(1) : text;
}

export interface ParsedCsv {
  headers: string[];
  /** Data rows with their record number in the file (the header is record 1), blank rows left out. */
  rows: { line: number; cells: string[] }[];
}

const DELIMITERS = [',', ';', '\t'] as const;

/** The separator the header line uses most: Excel writes ';' in Russian locales, other tools ',' or tabs. */
function headerDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = DELIMITERS.map((d) => firstLine.split(d).length);
  return DELIMITERS[counts.indexOf(Math.max(...counts))];
}

/** Parses a whole CSV (comma, semicolon or tab separated, detected) into its header and data rows. */
export function parseCsv(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimiter: headerDelimiter(text) });
  const [headerRow = [], ...records] = result.data;
  const rows: ParsedCsv['rows'] = [];
  records.forEach((cells, index) => {
    if (cells.some((cell) => cell.trim() !== '')) rows.push({ line: index + 2, cells: cells.map(unescapeCell) });
  });
  return { headers: headerRow.map((h) => h.trim()), rows };
}

/** The most of an upload the preview decodes and parses: the header and the first rows fit in it many times over. */
export const PREVIEW_HEAD_BYTES = 1024 * 1024;

export interface CsvPreview {
  headers: string[];
  /** The first data rows, blank rows left out. */
  rows: string[][];
  /**
   * Data rows: counted as the import counts them when the file fits in PREVIEW_HEAD_BYTES; beyond, the lines after
   * the header (cells holding line breaks, and blank lines, make it differ from the import's total).
   */
  total: number;
  bytes: number;
}

const NEWLINE = 0x0a;

function countNewlines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) count++;
  return count;
}

/** The head's text: UTF-8 when its bytes are (a character cut at its end is left out), else Windows-1251, BOM dropped. */
function decodeHead(head: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    text = new TextDecoder('windows-1251').decode(head);
  }
  return text.startsWith(UTF8_BOM) ? text.slice(1) : text;
}

/**
 * The header and first rows of an uploaded CSV read from a stream (decision 046): a file up to PREVIEW_HEAD_BYTES is
 * parsed whole, as the import parses it; of a larger one only the first PREVIEW_HEAD_BYTES are kept and parsed, and
 * the rest is read to its end (so the upload completes and its size limit holds) only to count its lines.
 */
export async function previewCsv(file: AsyncIterable<Buffer>, previewRows: number): Promise<CsvPreview> {
  const head: Buffer[] = [];
  let headBytes = 0;
  let bytes = 0;
  let newlines = 0;
  let lastByte = NEWLINE;
  for await (const chunk of file) {
    bytes += chunk.length;
    newlines += countNewlines(chunk);
    if (chunk.length > 0) lastByte = chunk[chunk.length - 1];
    if (headBytes <= PREVIEW_HEAD_BYTES) {
      head.push(chunk);
      headBytes += chunk.length;
    }
  }
  if (bytes <= PREVIEW_HEAD_BYTES) {
    const { headers, rows } = parseCsv(decodeCsv(Buffer.concat(head)));
    return { headers, rows: rows.slice(0, previewRows).map((r) => r.cells), total: rows.length, bytes };
  }
  // Up to the head's last line break, so no row is cut short where the head ends.
  const first = Buffer.concat(head).subarray(0, PREVIEW_HEAD_BYTES);
  const { headers, rows } = parseCsv(decodeHead(first.subarray(0, first.lastIndexOf(NEWLINE) + 1)));
  const lines = newlines + (lastByte === NEWLINE ? 0 : 1);
  return { headers, rows: rows.slice(0, previewRows).map((r) => r.cells), total: Math.max(0, lines - 1), bytes };
}
