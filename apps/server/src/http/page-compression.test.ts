import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipChunks, gzipParts, joinParts, keptPart } from './page-compression';

/** Text deflate can refer back into: a stylesheet's rules, like the kept part a page follows. */
const stylesheet = Array.from(
  { length: 3_000 },
  (_, i) => `.rule-${i}{margin:${i % 17}px;color:#${(i * 2_654_435_761).toString(16).slice(-6)}}`,
).join('');
const head = keptPart(Buffer.from('<!doctype html><html lang="ar" dir="rtl"><head>'));
const styles = keptPart(Buffer.from(`<style>${stylesheet}</style></head><body>`));
const end = keptPart(Buffer.from('<script type="module" src="/assets/index.js"></script></html>'));
const own = (text: string) => Buffer.from(text);

describe('a page compressed from kept parts', () => {
  it('is one gzip member a browser decodes to the page, whatever the order of its parts', () => {
    const pages = [
      [head, own('<title>منتج</title>'), styles, own('<div id="root">مصباح .rule-12</div>'), end],
      [head, own('<title>Lamp</title>'), styles, own('<div id="root">Lamp</div>')],
      [own('<!doctype html>'), own('<html>'), styles, styles, own('')],
      [styles],
      [own('plain text only')],
    ];
    for (const parts of pages) {
      const gzipped = gzipParts(parts);
      // gunzip checks the member's checksum and length, and refuses anything after it.
      expect(zlib.gunzipSync(gzipped).equals(joinParts(parts))).toBe(true);
      expect([...gzipped.subarray(0, 3)]).toEqual([0x1f, 0x8b, 8]);
    }
  });

  it('compresses about as well as the whole page compressed at once', () => {
    const page = [
      head,
      own('<title>Lamp</title>'),
      styles,
      own(`<main>${stylesheet.slice(-9_000)}</main>`),
      end,
    ];
    const whole = zlib.gzipSync(joinParts(page)).length;
    expect(gzipParts(page).length).toBeLessThan(whole * 1.05);
  });
});

describe('text compressed a chunk at a time', () => {
  const gzipOf = async (chunks: string[]) => {
    const out: Buffer[] = [];
    for await (const bytes of gzipChunks(
      (async function* () {
        yield* chunks;
      })(),
    ))
      out.push(bytes);
    return Buffer.concat(out);
  };

  it('is one gzip member that decodes to the chunks joined, about as small as gzip of the whole', async () => {
    const entries = Array.from(
      { length: 3_000 },
      (_, i) => `<url><loc>https://souq.example/productdetails/${i}?lang=ar</loc></url>\n`,
    );
    const cases = [
      // Chunks larger than deflate's window, one of them empty, with Arabic in between.
      [entries.slice(0, 1_000).join(''), '', 'مصباح', entries.slice(1_000).join('')],
      ['one chunk'],
      [],
    ];
    for (const chunks of cases) {
      const gzipped = await gzipOf(chunks);
      // gunzip checks the member's checksum and length, and refuses anything after it.
      expect(zlib.gunzipSync(gzipped).toString('utf8')).toBe(chunks.join(''));
    }
    const whole = zlib.gzipSync(entries.join('')).length;
    expect(
      (await gzipOf([entries.slice(0, 1_500).join(''), entries.slice(1_500).join('')])).length,
    ).toBeLessThan(whole * 1.05);
  });
});
