// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from './entry-server';
import { pageCatalogFixture, productFixture } from './test/catalog-fixtures';
import { testShopSettings } from './test/shop-settings-fixture';

/*
 * A third language added the way the README says: its entry in the list of shop languages and
 * its locale files (here a few of the storefront's French texts, in a fixture folder; what they
 * do not say falls back to English), nothing else. The server then renders pages in it.
 */
vi.mock('@souq/contracts/languages', async (importOriginal) =>
  (await import('@souq/contracts/languages.fixture')).withFrench(await importOriginal()),
);
vi.mock('./locales/locale-files', async (importOriginal) => {
  const original = await importOriginal<typeof import('./locales/locale-files')>();
  return {
    ...original,
    otherLanguageFiles: {
      ...original.otherLanguageFiles,
      ...import.meta.glob<Record<string, unknown>>('./test/third-language/*/*.json', {
        import: 'default',
      }),
    },
  };
});

const product = productFixture(7, {
  name: 'Leather wallet',
  description: 'A wallet of soft leather.',
  price: 2499,
  currency: 'EUR',
  translations: {
    ar: { name: 'محفظة جلدية', description: 'محفظة من الجلد الناعم.' },
    fr: { name: 'Portefeuille en cuir', description: 'Un portefeuille en cuir souple.' },
  } as Record<string, { name: string; description: string }>,
});

const catalog = pageCatalogFixture({ product });

describe('a third language added by its list entry and locale files', () => {
  it("renders a product page in it: the shop's words, the product's text and the head", async () => {
    const rendered = await renderPage({
      url: '/productdetails/7?lang=fr',
      language: 'fr' as never,
      origin: 'https://souq.test',
      catalog,
      settings: testShopSettings,
      freeDeliveryFrom: 14_000,
    });
    const text = new TextDecoder();
    const page = {
      status: rendered.status,
      head: text.decode(rendered.head),
      root: text.decode(rendered.root),
    };
    expect(page.status).toBe(200);
    expect(page.root).toContain('Portefeuille en cuir');
    expect(page.root).toContain('Un portefeuille en cuir souple.');
    expect(page.root).toContain('Ajouter au panier');
    // French writes euros after the amount, with a decimal comma.
    expect(page.root).toMatch(/24,99\s€/);
    expect(page.head).toContain('<title>Portefeuille en cuir | Souq</title>');
    expect(page.head).toContain(
      '<link rel="canonical" href="https://souq.test/productdetails/7?lang=fr">',
    );
    for (const code of ['en', 'ar', 'fr']) {
      expect(page.head).toMatch(new RegExp(`<link rel="alternate" hreflang="${code}" `));
    }
    expect(page.head).toContain('<meta property="og:locale" content="fr_FR">');
    expect(page.root).toContain('"language":"fr"');
  });
});
