import type { TFunction } from 'i18next';
import { exampleAmountText, formatMoney, parseMoney } from '@souq/contracts/money';

/** One problem of a refused catalog file: its product row (null: the whole file), field, words. */
export interface ImportProblem {
  row: number | null;
  field: string | null;
  message: string;
}

/**
 * The server's refusal of a catalog file (`fields`: "rows.3.price", "file") in plain words in
 * the page's language, by row and field: what the field must be, with an example in the shop's
 * currency. The server's own text (for the command line, in English) is never shown.
 */
export function importProblems(
  fields: Record<string, string>,
  t: TFunction,
  currency: string,
  locale: string,
): ImportProblem[] {
  const example = parseMoney(exampleAmountText(currency), currency) ?? 0;
  const values = {
    currency,
    example: String(example),
    amount: formatMoney(example, currency, locale),
  };
  return Object.keys(fields)
    .map((key) => {
      const match = /^rows\.(\d+)(?:\.([^.]+))?/.exec(key);
      if (!match) return { row: null, field: null, message: t('importProblems.file') };
      const field = match[2] ?? null;
      // A field the page has no words for is still named by its row.
      const message = field
        ? t(`importProblems.fields.${field}`, { ...values, defaultValue: '' }) ||
          t('importProblems.other')
        : t('importProblems.row');
      return {
        row: Number(match[1]),
        field,
        message,
      };
    })
    .sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
}

/** A problem as one line: "Row 3: the price must be …". */
export function problemLine(problem: ImportProblem, t: TFunction): string {
  return problem.row === null
    ? problem.message
    : t('importProblems.line', { row: problem.row, message: problem.message });
}

const csvCell = (value: string) =>
  /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * The problems as a CSV report (row, field, message) with the page's column names, starting
 * with a byte-order mark so spreadsheet programs read Arabic text as UTF-8.
 */
export function importReportCsv(problems: ImportProblem[], t: TFunction): string {
  const header = [
    t('importProblems.rowColumn'),
    t('importProblems.fieldColumn'),
    t('importProblems.messageColumn'),
  ];
  const lines = problems.map((p) =>
    [p.row === null ? '' : String(p.row), p.field ?? '', p.message].map(csvCell).join(','),
  );
  return `\ufeff${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}
