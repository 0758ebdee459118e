// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PageCatalog } from '@souq/contracts/page-render';
import { renderPage } from './entry-server';
import { pageCatalogFixture, productFixture } from './test/catalog-fixtures';
import { testShopSettings } from './test/shop-settings-fixture';

/*
 * A catalog read the server hands over with its JSON goes into the page's state as those bytes
 * (PageCatalog.jsonOf), and the state says the same as when each value is written anew.
 */
const product = productFixture(7, { name: 'Brass lamp' });
const list = {
  items: [productFixture(8, { name: 'Linen shirt' })],
  total: 1,
  page: 1,
  limit: 4,
};
// JSON as a server might send it, spaced, so its bytes are told apart from JSON.stringify's.
const sent = new Map<unknown, Uint8Array>(
  [product, list].map((value) => [value, new TextEncoder().encode(JSON.stringify(value, null, 1))]),
);

async function rootOf(catalog: PageCatalog): Promise<string> {
  const rendered = await renderPage({
    url: '/productdetails/7',
    language: 'en',
    origin: 'https://souq.test',
    catalog,
    settings: testShopSettings,
    freeDeliveryFrom: null,
  });
  return new TextDecoder().decode(rendered.root);
}

const stateIn = (root: string) =>
  JSON.parse(
    /<script type="application\/json" id="souq-state">(.*)<\/script>/s.exec(root)?.[1] ?? '',
  ) as unknown;

describe("a page's state", () => {
  it("writes a read's own JSON bytes, and says what writing its value says", async () => {
    const written = await rootOf(pageCatalogFixture({ product, list }));
    const fromBytes = await rootOf(
      pageCatalogFixture({ product, list, jsonOf: (value) => sent.get(value) }),
    );
    for (const bytes of sent.values()) {
      const json = new TextDecoder().decode(bytes);
      expect(fromBytes).toContain(json);
      expect(written).not.toContain(json);
    }
    expect(stateIn(fromBytes)).toEqual(stateIn(written));
  });
});
