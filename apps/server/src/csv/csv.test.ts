import { describe, expect, it } from 'vitest';
import { csvRow, parseCsv, readCell } from './csv';

describe('the CSV writer', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvRow(['plain@example.com', '2026-01-01T00:00:00.000Z'])).toBe(
      'plain@example.com,2026-01-01T00:00:00.000Z\r\n',
    );
    expect(csvRow(['a,b', 'say "hi"', 'two\nlines'])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
    for (const risky of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) {
      const [[cell = ''] = []] = parseCsv(csvRow([risky])).rows;
      expect(cell, JSON.stringify(risky)).toBe(`'${risky}`);
    }
    expect(csvRow(['=HYPERLINK("http://x","y"),1'])).toBe(
      `"'=HYPERLINK(""http://x"",""y""),1"\r\n`,
    );
  });

  it('writes cells that read back exactly as they were, apostrophes included', () => {
    const values = [
      '=SUM(A1)',
      '-50% sale',
      '-5',
      '+1 gift',
      '@home',
      "'=already quoted",
      "''@twice",
      "'plain apostrophe",
      "it's fine",
      "'",
      '',
      'a,b "c"\r\nd',
      '\tindented',
    ];
    const { rows } = parseCsv(values.map((value) => csvRow([value, 'x'])).join(''));
    expect(rows.map(([cell = '']) => readCell(cell))).toEqual(values);
  });

  it('leaves alone what it did not write', () => {
    expect(readCell("'plain")).toBe("'plain");
    expect(readCell('=bare formula')).toBe('=bare formula');
    expect(readCell("'=x")).toBe('=x');
  });
});
