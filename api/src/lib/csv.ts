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
