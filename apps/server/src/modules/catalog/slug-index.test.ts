import { describe, expect, it } from 'vitest';
import { seededRandom } from './catalog-generate';
import { slugIndex } from './slug-index';

describe('the slug index', () => {
  it('finds each product by its slug through edits, removals and slugs given to another', () => {
    // A small table, full to half its slots, so probes wrap around and runs are long.
    const maxId = 60;
    const index = slugIndex(maxId);
    // What a Map of slugs gives, as the index stood in before.
    const bySlug = new Map<string, number>();
    const slugOf = new Map<number, string>();
    const random = seededRandom(29);
    const slugs = Array.from({ length: 90 }, (_, i) =>
      i % 3 === 0 ? `lamp-${i}` : i % 3 === 1 ? `مصباح-${i}` : `x${'y'.repeat(i)}`,
    );
    for (let step = 0; step < 20_000; step++) {
      const id = 1 + Math.floor(random() * maxId);
      if (random() < 0.3) {
        index.remove(id);
        const old = slugOf.get(id);
        if (old !== undefined && bySlug.get(old) === id) bySlug.delete(old);
        slugOf.delete(id);
      } else {
        const slug = slugs[Math.floor(random() * slugs.length)] ?? '';
        index.set(id, slug);
        const old = slugOf.get(id);
        if (old !== undefined && bySlug.get(old) === id) bySlug.delete(old);
        bySlug.set(slug, id);
        slugOf.set(id, slug);
      }
      if (step % 97 === 0)
        for (const slug of slugs)
          expect(index.idOf(slug), `${slug} at step ${step}`).toBe(bySlug.get(slug));
    }
    for (const slug of slugs) expect(index.idOf(slug)).toBe(bySlug.get(slug));
    expect(index.idOf('not-a-product')).toBeUndefined();
  });
});
