import { describe, it, expect } from 'vitest';
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
