import fs from 'node:fs';
import path from 'node:path';
import { productArtKinds, type ProductArtKind, type ProductArtPalette } from './product-art';

/** How one demo picture is drawn: a kind of product, its colours and which of its variants. */
export interface ProductArt extends ProductArtPalette {
  kind: ProductArtKind;
  variant: number;
}

/** The neutral shopping bag shown for imported products that come without a picture. */
export const defaultProductArt: ProductArt = {
  kind: 'handbag',
  variant: 0,
  background: '#f3f4f6',
  primary: '#9aa3ad',
  accent: '#6b7280',
};

const demoArtFile = path.join(import.meta.dirname, 'demo-art.json');

/** Each demo product's picture, by product slug (demo-art.json). */
export function demoArt(): Record<string, ProductArt> {
  const art = JSON.parse(fs.readFileSync(demoArtFile, 'utf8')) as Record<string, ProductArt>;
  for (const [slug, { kind }] of Object.entries(art))
    if (!(productArtKinds as readonly string[]).includes(kind))
      throw new Error(`${demoArtFile}: ${slug} has an unknown kind of picture, "${kind}".`);
  return art;
}
