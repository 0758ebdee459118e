/**
 * One CSV row (RFC 4180): a cell with a comma, a quote or a line break is quoted, its quotes
 * doubled. A cell that a spreadsheet would read as a formula (starting with = + - @, or a tab
 * or carriage return before one) gets a leading apostrophe, so opening the export runs nothing
 * (OWASP, "CSV injection").
 */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
