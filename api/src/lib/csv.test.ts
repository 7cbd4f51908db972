import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeCsv, parseCsv, toCsv, unescapeCell } from './csv';

describe('csv', () => {
  test('toCsv quotes what needs quoting and escapes formulas; parseCsv reads it back', () => {
    const rows = [
      ['surname', 'phone', 'notes'],
      ['Иванов', '+7 912 345 67 89', '<p>"Цена", скидка\nвторая строка</p>'],
      ['=HYPERLINK("x")', '-1', '@cmd'],
    ];
    const text = toCsv(rows);
    assert.match(text, /'\+7 912 345 67 89/);
    assert.match(text, /'=HYPERLINK/);
    assert.ok(text.endsWith('\r\n'));
    const parsed = parseCsv(text);
    assert.deepEqual(parsed.headers, rows[0]);
    assert.deepEqual(parsed.rows.map((r) => r.cells), rows.slice(1));
  });

  test('parseCsv detects ; and tabs, skips blank rows and keeps record numbers', () => {
    const parsed = parseCsv('Фамилия;Имя\r\nА;Б\r\n\r\n;\r\nВ;Г\r\n');
    assert.deepEqual(parsed.headers, ['Фамилия', 'Имя']);
    assert.deepEqual(parsed.rows, [
      { line: 2, cells: ['А', 'Б'] },
      { line: 5, cells: ['В', 'Г'] },
    ]);
    assert.deepEqual(parseCsv('a\tb\n1\t2').rows[0].cells, ['1', '2']);
  });

  test('decodeCsv drops the BOM and falls back to Windows-1251', () => {
    assert.equal(decodeCsv(Buffer.from('\uFEFFФамилия', 'utf8')), 'Фамилия');
    assert.equal(decodeCsv(Buffer.from([0xd4, 0xe0, 0xec, 0xe8, 0xeb, 0xe8, 0xff])), 'Фамилия');
  });

  test("unescapeCell removes only the export's formula apostrophe", () => {
    assert.equal(unescapeCell("'+7 912"), '+7 912');
    assert.equal(unescapeCell("'обычный текст"), "'обычный текст");
    assert.equal(unescapeCell("'"), "'");
  });
});
