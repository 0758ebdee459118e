/**
 * RFC 4180 CSV: fields separated by commas, optionally quoted with "; a quote inside a quoted
 * field is written twice, and quoted fields may hold commas and line breaks. Returns the rows
 * and the line each row starts on, for error messages. Blank lines are skipped.
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
