import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import '../../../test/render';
import arabic from '../locales/ar/admin.json';
import english from '../locales/en/admin.json';
import { ADMIN_NAMESPACE } from '../shared/admin-i18n';
import { importProblems, importReportCsv, problemLine } from './import-problems';

// What the server answers for a file whose third product has a price in major units and whose
// fifth names an unknown picture (its own words are for the command line, in English).
const refused = {
  'rows.3.price': 'line 4: price: Invalid input: expected number, received string',
  'rows.5.images.0': 'line 6: images.0: no such picture',
  'rows.5': 'line 6: row: Unrecognized key: "colour"',
};

beforeAll(() => {
  i18n.addResourceBundle('en', ADMIN_NAMESPACE, english);
  i18n.addResourceBundle('ar', ADMIN_NAMESPACE, arabic);
});

describe('a refused catalog file in plain words', () => {
  it('says each row’s problem in English, with an example in the shop’s currency', () => {
    const t = i18n.getFixedT('en', ADMIN_NAMESPACE);
    const problems = importProblems(refused, t, 'USD', 'en');
    expect(problems.map((p) => problemLine(p, t))).toEqual([
      "Row 3: the price must be a whole number in the currency's smallest unit, like 1250 for $12.50",
      "Row 5: a picture is not one of the shop's: upload it first, or use a path under /images/",
      'Row 5: this row is not a product the catalog can read: check its columns',
    ]);
    for (const problem of problems)
      expect(problem.message).not.toMatch(/Invalid input|README|line \d/);
  });

  it('says them in Arabic on the Arabic page, with the dinar’s three decimals', () => {
    const t = i18n.getFixedT('ar', ADMIN_NAMESPACE);
    const [price] = importProblems(refused, t, 'KWD', 'ar');
    expect(problemLine(price!, t).replace(/\u00a0/g, ' ')).toBe(
      'الصف 3: السعر يجب أن يكون عددًا صحيحًا بأصغر وحدة في العملة، مثل 12500 للمبلغ 12.500 د.ك.',
    );
  });

  it('writes a CSV report of row, field and problem in the page’s language', () => {
    const t = i18n.getFixedT('ar', ADMIN_NAMESPACE);
    const csv = importReportCsv(importProblems(refused, t, 'USD', 'ar'), t);
    const lines = csv
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('الصف,الحقل,المشكلة');
    expect(lines[1]).toMatch(/^3,price,"?السعر يجب أن يكون عددًا صحيحًا/);
    expect(lines).toHaveLength(4);
  });

  it('names a file that is no catalog at all', () => {
    const t = i18n.getFixedT('en', ADMIN_NAMESPACE);
    const [problem] = importProblems(
      { file: 'line 1: not valid JSON: Unexpected token' },
      t,
      'USD',
      'en',
    );
    expect(problemLine(problem!, t)).toBe(
      'The file is not a catalog: use a CSV file with a header row, or a JSON list of products.',
    );
  });
});
