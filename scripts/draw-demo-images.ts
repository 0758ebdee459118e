// Draws the demo catalog's product pictures into apps/web/public/images/products.
// Run after changing the demo catalog: npx tsx scripts/draw-demo-images.ts
import fs from 'node:fs';
import path from 'node:path';
import { demoProducts } from '../apps/server/src/db/demo-catalog';
import { drawProductSvg } from '../apps/server/src/db/product-art';
import { DEFAULT_PRODUCT_IMAGE } from '../apps/server/src/modules/catalog/catalog-import';

const outDir = path.resolve(import.meta.dirname, '../apps/web/public/images/products');
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
for (const product of demoProducts) {
  const { kind, palette, variant } = product.art;
  fs.writeFileSync(
    path.join(outDir, `${product.slug}.svg`),
    drawProductSvg(kind, palette, variant),
  );
}
// Imported products that come without a picture show this neutral shopping bag.
fs.writeFileSync(
  path.join(outDir, path.basename(DEFAULT_PRODUCT_IMAGE)),
  drawProductSvg('handbag', { background: '#f3f4f6', primary: '#9aa3ad', accent: '#6b7280' }),
);
console.log(
  `drew ${demoProducts.length} product images into ${path.relative(process.cwd(), outDir)}`,
);
