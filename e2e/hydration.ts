import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Records `#root` as the browser parsed the server's HTML (before any script ran) and as it is
 * the moment hydration ends (the `souq:hydrated` mark), so the two can be compared, and how many
 * number formats and country-name lists the page built until then (the first of each costs tens
 * of milliseconds of a phone's main thread; the server's numbers and names come with the page).
 */
export async function recordHydration(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as {
      beforeHydration?: string;
      afterHydration?: string;
      intlFormatsBuilt: number;
    };
    record.intlFormatsBuilt = 0;
    Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        if (record.afterHydration === undefined) record.intlFormatsBuilt++;
        return new target(...args);
      },
    });
    // The lib's types declare it read-only; the browser lets it be replaced.
    (Intl as { DisplayNames: typeof Intl.DisplayNames }).DisplayNames = new Proxy(
      Intl.DisplayNames,
      {
        construct(target, args: ConstructorParameters<typeof Intl.DisplayNames>) {
          if (record.afterHydration === undefined) record.intlFormatsBuilt++;
          return new target(...args);
        },
      },
    );
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        record.beforeHydration = document.getElementById('root')?.innerHTML;
      }
    });
    const mark = performance.mark.bind(performance);
    performance.mark = (name, options) => {
      if (name === 'souq:hydrated')
        record.afterHydration = document.getElementById('root')?.innerHTML;
      return mark(name, options);
    };
  });
}

/**
 * The flash sale's countdown is live: its digits may have moved on by the time the page becomes
 * the app (the page is sent a moment after it was rendered, or kept a few seconds). Everything
 * else must stay as the server sent it.
 */
const withoutCountdownDigits = (html: string) =>
  html.replace(/(data-unit="\w+"[^>]*>)[^<]*</g, '$1‧‧<');

/**
 * A colour swatch gets its colour from the script (components/ui/swatch.tsx: the CSP refuses
 * style attributes in the server's HTML), so the colour is the one attribute hydration adds.
 */
const withoutSwatchColours = (html: string) =>
  html.replace(/ style="background-color: [^"]*"/g, '');

export async function hydrationSnapshots(page: Page) {
  await expect.poll(() => page.evaluate(() => 'afterHydration' in window)).toBe(true);
  const { before, after, intlFormatsBuilt } = await page.evaluate(() => {
    const record = window as unknown as {
      beforeHydration?: string;
      afterHydration?: string;
      intlFormatsBuilt: number;
    };
    return {
      before: record.beforeHydration ?? '',
      after: record.afterHydration ?? '',
      intlFormatsBuilt: record.intlFormatsBuilt,
    };
  });
  return {
    before: withoutSwatchColours(withoutCountdownDigits(before)),
    after: withoutSwatchColours(withoutCountdownDigits(after)),
    intlFormatsBuilt,
  };
}
