import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each test gets the modules afresh: the browser's side starts with no formatter built.
type NumberFormatModule = typeof import('./number-format');
type MoneyModule = typeof import('./money');
async function freshModules(): Promise<[NumberFormatModule, MoneyModule]> {
  vi.resetModules();
  return Promise.all([import('./number-format'), import('./money')]);
}

/** What the server sends for a page that shows `render`'s numbers in `locale`. */
async function serverNumbers(
  locale: string,
  render: (modules: [NumberFormatModule, MoneyModule]) => void,
) {
  const modules = await freshModules();
  return modules[0].recordPageNumbers(locale, () => render(modules)).numbers;
}

describe('numbers the server formatted for a page', () => {
  // Counts the number formats built: the first one a page builds costs tens of milliseconds.
  const RealNumberFormat = Intl.NumberFormat;
  let built = 0;
  beforeEach(() => {
    built = 0;
    Intl.NumberFormat = new Proxy(RealNumberFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        built++;
        return new target(...args);
      },
    });
  });
  afterEach(() => {
    Intl.NumberFormat = RealNumberFormat;
  });

  it('are recorded as the page is rendered, with the language digits', async () => {
    const numbers = await serverNumbers('en', ([{ formatNumber }, { formatMoney }]) => {
      formatMoney(2499, 'USD', 'en');
      formatNumber(4.5, 'en');
      formatNumber(1234, 'en');
    });
    expect(numbers.formatted).toEqual({
      'en USD': { 2499: '$24.99' },
      'en {}': { 4.5: '4.5', 1234: '1,234' },
    });
    expect(numbers.digits).toEqual({
      locale: 'en',
      glyphs: Array.from({ length: 10 }, (_, digit) => String(digit)),
    });
  });

  it('are shown again in the browser without building a number format', async () => {
    const numbers = await serverNumbers('ar-EG', ([{ formatNumber }, { formatMoney }]) => {
      formatMoney(2499, 'USD', 'ar-EG');
      formatNumber(1234, 'ar-EG');
    });
    const [{ seedPageNumbers, formatNumber, twoDigits }, { formatMoney }] = await freshModules();
    seedPageNumbers(numbers);
    built = 0;

    expect(formatMoney(2499, 'USD', 'ar-EG')).toMatch(/^٢٤٫٩٩\sUS\$$/);
    expect(formatNumber(1234, 'ar-EG')).toBe('١٬٢٣٤');
    expect(twoDigits(7, 'ar-EG')).toBe('٠٧');
    expect(built).toBe(0);
  });

  it('write a countdown exactly as Intl does, in either numbering', async () => {
    for (const locale of ['en', 'ar', 'ar-EG']) {
      const numbers = await serverNumbers(locale, () => undefined);
      const [{ seedPageNumbers, twoDigits }] = await freshModules();
      seedPageNumbers(numbers);
      const intl = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
      for (const value of [0, 5, 9, 10, 23, 59, 99, 100, 365, 1234])
        expect(twoDigits(value, locale)).toBe(intl.format(value));
    }
  });

  it('write a whole number below 1 000 the server did not format in the page digits, as Intl does', async () => {
    for (const locale of ['en', 'ar', 'ar-EG']) {
      const numbers = await serverNumbers(locale, () => undefined);
      const [{ seedPageNumbers, formatNumber }] = await freshModules();
      seedPageNumbers(numbers);
      built = 0;
      const written = [0, 3, 10, 42, 999].map((value) => formatNumber(value, locale));
      expect(built).toBe(0);
      const intl = new RealNumberFormat(locale);
      expect(written).toEqual([0, 3, 10, 42, 999].map((value) => intl.format(value)));
      // Separators, fractions and options are Intl's.
      expect(formatNumber(1234, locale)).toBe(intl.format(1234));
      expect(formatNumber(2.5, locale)).toBe(intl.format(2.5));
      expect(built).toBeGreaterThan(0);
    }
  });

  it('leave a number the server did not format to Intl', async () => {
    const numbers = await serverNumbers('en', ([, { formatMoney }]) =>
      formatMoney(2499, 'USD', 'en'),
    );
    const [{ seedPageNumbers, formatNumber, twoDigits }, { formatMoney }] = await freshModules();
    seedPageNumbers(numbers);

    expect(formatMoney(14000, 'USD', 'en')).toBe('$140.00');
    expect(formatMoney(2499, 'EUR', 'en')).toBe('€24.99');
    expect(formatNumber(0.5, 'en', { style: 'percent' })).toBe('50%');
    // Another language than the page's, as after a switch: its own digits.
    expect(twoDigits(7, 'ar-EG')).toBe('٠٧');
    expect(built).toBeGreaterThan(0);
  });

  it('ignore what is not text in a page state that was tampered with', async () => {
    const [{ seedPageNumbers, formatNumber, twoDigits }] = await freshModules();
    seedPageNumbers({
      formatted: { 'en {}': { 5: 5, 6: null } },
      digits: { locale: 'en', glyphs: 'x' },
    });
    expect(formatNumber(5, 'en')).toBe('5');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(twoDigits(7, 'en')).toBe('07');
    seedPageNumbers({ formatted: 'x', digits: { locale: 'en', glyphs: [null, 1] } });
    expect(formatNumber(6, 'en')).toBe('6');
    expect(twoDigits(10, 'en')).toBe('10');
  });
});

describe('country names the server wrote for a page', () => {
  // The lib's types declare it read-only; the browser's Intl lets it be replaced.
  const intl = Intl as { DisplayNames: typeof Intl.DisplayNames };
  const RealDisplayNames = Intl.DisplayNames;
  let built = 0;
  beforeEach(() => {
    built = 0;
    intl.DisplayNames = new Proxy(RealDisplayNames, {
      construct(target, args: ConstructorParameters<typeof Intl.DisplayNames>) {
        built++;
        return new target(...args);
      },
    });
  });
  afterEach(() => {
    intl.DisplayNames = RealDisplayNames;
  });

  async function freshNames() {
    vi.resetModules();
    return Promise.all([import('./number-format'), import('./country-names')]);
  }

  it('are shown again in the browser without building Intl.DisplayNames', async () => {
    const [server, serverNames] = await freshNames();
    const { numbers } = server.recordPageNumbers('ar', () => serverNames.countryName('AE', 'ar'));
    const [{ seedPageNumbers }, { countryName }] = await freshNames();
    seedPageNumbers(numbers);
    built = 0;

    expect(countryName('AE', 'ar')).toBe('الإمارات العربية المتحدة');
    expect(built).toBe(0);
    // One the server did not name is named by the browser.
    expect(countryName('SA', 'ar')).toBe('المملكة العربية السعودية');
    expect(built).toBe(1);
  });
});
