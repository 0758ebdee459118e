// Draws the demo catalog's product pictures into apps/web/public/images/products, which keeps
// them (a fresh clone has them without drawing). Run after changing the demo catalog or its art:
// npx tsx scripts/draw-demo-images.ts
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_PRODUCT_IMAGE } from '../apps/server/src/modules/catalog/catalog-import';
import { defaultProductArt, demoArt } from '../tools/product-art/demo-art';
import { drawProductSvg } from '../tools/product-art/product-art';

const outDir = path.resolve(import.meta.dirname, '../apps/web/public/images/products');
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const art = demoArt();
for (const [slug, { kind, variant, ...palette }] of Object.entries(art))
  fs.writeFileSync(path.join(outDir, `${slug}.svg`), drawProductSvg(kind, palette, variant));
// Imported products that come without a picture show this neutral shopping bag.
fs.writeFileSync(
  path.join(outDir, path.basename(DEFAULT_PRODUCT_IMAGE)),
  drawProductSvg(defaultProductArt.kind, defaultProductArt, defaultProductArt.variant),
);
console.log(
  `drew ${Object.keys(art).length} product images into ${path.relative(process.cwd(), outDir)}`,
);
