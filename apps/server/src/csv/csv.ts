/*
 * CSV, the one reader and the one writer of the shop's files (RFC 4180): the catalog's import
 * and export and the newsletter's subscribers.
 *
 * Formulas: a spreadsheet runs a cell that starts with = + - @, a tab or a carriage return, so
 * the writer puts an apostrophe before such a cell (OWASP, "CSV injection"). To make that
 * undoable it also prefixes a cell that is apostrophes followed by one of those characters
 * ("'=x" is written "''=x"), and `readCell` takes exactly one apostrophe off a cell of that
 * shape (the catalog's import reads every cell through it). So a cell is written safely and read back as it was: "=SUM(A1)" → "'=SUM(A1)" →
 * "=SUM(A1)".
 */

const NEEDS_APOSTROPHE = /^'*[=+\-@\t\r]/;
const WRITTEN_WITH_APOSTROPHE = /^'+[=+\-@\t\r]/;

/** A cell as written: neutralised when a spreadsheet would run it, quoted when it must be. */
function csvCell(value: string): string {
  const safe = NEEDS_APOSTROPHE.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV row, its cells written by `csvCell`, ended by CRLF. */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A cell's value as it was before `csvRow` wrote it: the neutralising apostrophe taken off. */
export function readCell(cell: string): string {
  return WRITTEN_WITH_APOSTROPHE.test(cell) ? cell.slice(1) : cell;
}

/**
 * RFC 4180 CSV: fields separated by commas, optionally quoted with "; a quote inside a quoted
 * field is written twice, and quoted fields may hold commas and line breaks. Returns the rows
 * and the line each row starts on, for error messages. Blank lines are skipped. Cells come as
 * they are in the file; `readCell` undoes the writer's apostrophe.
 */
export function parseCsv(text: string): { rows: string[][]; lines: number[] } {
  const rows: string[][] = [];
  const lines: number[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let rowHasContent = false;
  const source = text.startsWith('\ufeff') ? text.slice(1) : text;

  const endRow = () => {
    if (rowHasContent || row.length > 0) {
      row.push(field);
      rows.push(row);
      lines.push(rowLine);
    }
    row = [];
    field = '';
    rowHasContent = false;
  };

  for (let i = 0; i < source.length; i++) {
    const c = source.charAt(i);
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"') {
      quoted = true;
      rowHasContent = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
      rowHasContent = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += c;
      rowHasContent = true;
    }
  }
  endRow();
  return { rows, lines };
}
