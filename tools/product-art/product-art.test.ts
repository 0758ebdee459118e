import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { defaultProductArt, demoArt } from './demo-art';
import { drawProductSvg, productArtKinds, type ProductArtPalette } from './product-art';

const palette: ProductArtPalette = { background: '#eef2ff', primary: '#4f6bed', accent: '#ffb547' };
const XMLNS = 'http://www.w3.org/2000/svg';

describe('drawProductSvg', () => {
  it.each(productArtKinds)('draws a safe, small standalone SVG for %s', (kind) => {
    const svg = drawProductSvg(kind, palette);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain(`xmlns="${XMLNS}"`);
    expect(svg).toContain('viewBox="0 0 400 400"');
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain('style=');
    expect(svg).not.toContain('<style');
    expect(svg.replace(XMLNS, '')).not.toContain('http');
    // Plain ASCII, so the string length is the byte size.
    expect(svg).toMatch(/^[\x20-\x7e]+$/);
    expect(svg.length).toBeLessThan(3000);
  });

  it.each(productArtKinds)('varies %s between variants, deterministically', (kind) => {
    const first = drawProductSvg(kind, palette, 0);
    expect(drawProductSvg(kind, palette, 1)).not.toBe(first);
    expect(drawProductSvg(kind, palette)).toBe(first);
    expect(drawProductSvg(kind, palette, 5)).toBe(drawProductSvg(kind, palette, 5));
  });

  it('keeps numbers to at most one decimal place', () => {
    for (const kind of productArtKinds) {
      for (const variant of [0, 1, 2, 3]) {
        expect(drawProductSvg(kind, palette, variant)).not.toMatch(/\.\d{2}/);
      }
    }
  });

  it('never lets a malformed colour into the markup', () => {
    const svg = drawProductSvg('mug', {
      background: '"/><script>alert(1)</script>',
      primary: 'red" onload="x',
      accent: '#ABC',
    });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('onload');
    expect(svg).toContain('#aabbcc');
  });
});

describe('the demo pictures', () => {
  const publicDir = path.resolve(import.meta.dirname, '../../apps/web/public');
  const demoRows = JSON.parse(
    fs.readFileSync(
      path.resolve(import.meta.dirname, '../../apps/server/src/modules/catalog/demo-catalog.json'),
      'utf8',
    ),
  ) as { slug: string; images: string[] }[];
  const art = demoArt();

  it('draws exactly the products of the demo catalog', () => {
    expect(Object.keys(art).sort()).toEqual(demoRows.map((row) => row.slug).sort());
  });

  it.each(demoRows)('keeps the picture of $slug as its art draws it', ({ slug, images }) => {
    const drawing = art[slug];
    expect(drawing).toBeDefined();
    const { kind, variant, ...palette } = drawing!;
    expect(images).toEqual([`/images/products/${slug}.svg`]);
    expect(fs.readFileSync(path.join(publicDir, images[0]!), 'utf8')).toBe(
      drawProductSvg(kind, palette, variant),
    );
  });

  it('keeps the default picture for products without one', () => {
    const { kind, variant, ...palette } = defaultProductArt;
    expect(fs.readFileSync(path.join(publicDir, 'images/products/default.svg'), 'utf8')).toBe(
      drawProductSvg(kind, palette, variant),
    );
  });
});
