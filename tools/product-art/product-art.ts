/**
 * Flat product illustrations for the demo catalog, drawn as small standalone SVG documents.
 * Presentation attributes only: the shop's Content-Security-Policy forbids inline styles.
 */

export const productArtKinds = [
  'tshirt',
  'dress',
  'jacket',
  'shoe',
  'handbag',
  'phone',
  'laptop',
  'monitor',
  'smartwatch',
  'camera',
  'headphones',
  'gamepad',
  'speaker',
  'chair',
  'lamp',
  'sofa',
  'mug',
  'pill-bottle',
  'first-aid',
  'ball',
  'dumbbell',
  'bicycle',
  'tent',
  'teddy',
  'blocks',
  'stroller',
  'pet-bowl',
  'coffee-bag',
  'lipstick',
  'perfume',
  'cream-jar',
  'swimsuit',
  'swim-shorts',
] as const;

export type ProductArtKind = (typeof productArtKinds)[number];

export interface ProductArtPalette {
  background: string;
  primary: string;
  accent: string;
}

interface Ctx {
  /** primary, darker primary, lighter primary */
  p: string;
  pd: string;
  pl: string;
  /** accent, darker accent */
  a: string;
  ad: string;
  v: number;
}

const INK = '#2f3640';
const SHADE = 'fill="#000" fill-opacity=".1"';
const SHINE = 'fill="#fff" fill-opacity=".3"';
const WHITE = '#fff';

const r1 = (x: number) => Math.round(x * 10) / 10;

function rect(x: number, y: number, w: number, h: number, rx: number, fill: string): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(rx)}" ${paint(fill)}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string): string {
  return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" ${paint(fill)}/>`;
}

function path(d: string, fill: string): string {
  return `<path d="${d}" ${paint(fill)}/>`;
}

function line(d: string, stroke: string, width: number, opacity = 1): string {
  const o = opacity < 1 ? ` stroke-opacity="${opacity}"` : '';
  return `<path d="${d}" fill="none" stroke="${stroke}"${o} stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function ring(
  cx: number,
  cy: number,
  r: number,
  stroke: string,
  width: number,
  opacity = 1,
): string {
  const o = opacity < 1 ? ` stroke-opacity="${opacity}"` : '';
  return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="none" stroke="${stroke}"${o} stroke-width="${width}"/>`;
}

/** Accepts a colour or a ready-made fill attribute such as SHADE. */
function paint(fill: string): string {
  return fill.startsWith('fill=') ? fill : `fill="${fill}"`;
}

function parseHex(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Blends towards white (amount > 0) or black (amount < 0). */
function tint(hex: string, amount: number): string {
  const rgb = parseHex(hex) ?? [128, 128, 128];
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  return toHex(rgb.map((c) => c + (target - c) * t));
}

function isDark(hex: string): boolean {
  const [r, g, b] = parseHex(hex) ?? [128, 128, 128];
  return r * 0.299 + g * 0.587 + b * 0.114 < 110;
}

/** Only plain hex colours reach the markup, so a bad palette can never break out of an attribute. */
function safeColour(value: string, fallback: string): string {
  const rgb = parseHex(value);
  return rgb ? toHex(rgb) : fallback;
}

function polar(cx: number, cy: number, radius: number, degrees: number): [number, number] {
  const t = (degrees * Math.PI) / 180;
  return [r1(cx + radius * Math.sin(t)), r1(cy - radius * Math.cos(t))];
}

function pentagon(cx: number, cy: number, radius: number, degrees: number): string {
  return `M${[0, 1, 2, 3, 4].map((k) => polar(cx, cy, radius, degrees + k * 72).join(' ')).join('L')}Z`;
}

type Drawer = (c: Ctx) => string;

const drawers: Record<ProductArtKind, Drawer> = {
  tshirt: ({ p, pd, a, v }) => {
    const body =
      'M152 88L108 104L66 152L100 190L126 170V306H274V170L300 190L334 152L292 104L248 88Q200 122 152 88Z';
    let detail = '';
    if (v % 3 === 0) detail = circle(200, 200, 30, a) + circle(200, 200, 16, p);
    if (v % 3 === 1) detail = [204, 240, 276].map((y) => rect(126, y, 148, 14, 0, a)).join('');
    if (v % 3 === 2)
      detail = rect(222, 146, 32, 36, 6, a) + line('M66 152L100 190M334 152L300 190', a, 10);
    return (
      `<path d="${body}" fill="${p}" stroke="${p}" stroke-width="10" stroke-linejoin="round"/>` +
      path('M248 88L292 104L334 152L300 190L274 170V306H244V120Z', SHADE) +
      path('M156 90Q200 116 244 90Q200 104 156 90Z', pd) +
      line('M152 88Q200 122 248 88', a, 8) +
      detail
    );
  },

  dress: ({ p, pd, a, v }) => {
    let detail = '';
    if (v % 3 === 0) detail = path('M110 288Q200 306 290 288L300 300Q200 322 100 300Z', a);
    if (v % 3 === 1)
      detail = [
        [170, 220],
        [224, 232],
        [150, 266],
        [200, 262],
        [250, 276],
        [186, 296],
      ]
        .map(([x = 0, y = 0]) => circle(x, y, 7, a))
        .join('');
    if (v % 3 === 2)
      detail = path('M200 180L176 166V194ZM200 180L224 166V194Z', a) + circle(200, 180, 6, pd);
    return (
      path(
        'M168 78H180L186 118Q200 128 214 118L220 78H232L238 132Q242 160 232 176H168Q158 160 162 132Z',
        p,
      ) +
      path('M168 176H232L300 300Q200 322 100 300Z', p) +
      path('M200 176H232L300 300Q250 312 200 313Z', SHADE) +
      line('M186 190L168 300M214 190L232 304', pd, 3) +
      rect(164, 170, 72, 16, 5, pd) +
      detail
    );
  },

  jacket: ({ p, pd, a, v }) => {
    const body =
      'M162 84L122 98Q98 108 94 140L82 292H118L130 176V308H270V176L282 292H318L306 140Q302 108 278 98L238 84Z';
    let front: string;
    if (v % 3 === 1)
      front =
        line('M200 104V308', pd, 6) +
        [150, 190, 230, 270].map((y) => circle(212, y, 6, a)).join('');
    else front = line('M200 106V306', a, 5) + rect(194, 124, 12, 20, 3, a);
    if (v % 3 === 2) front += rect(226, 140, 30, 6, 3, pd);
    return (
      `<path d="${body}" fill="${p}" stroke="${p}" stroke-width="8" stroke-linejoin="round"/>` +
      path('M200 104L238 84L278 98Q302 108 306 140L318 292H282L270 176V308H200Z', SHADE) +
      path('M162 84Q200 114 238 84Z', pd) +
      line('M162 84Q200 114 238 84', a, 8) +
      line('M84 284H116M284 284H316', a, 12) +
      rect(128, 292, 144, 16, 4, pd) +
      line('M146 236L158 268M254 236L242 268', pd, 5) +
      front
    );
  },

  shoe: ({ p, pd, a, v }) => {
    let side = '';
    if (v % 3 === 0) side = path('M124 254Q200 250 262 214L270 224Q206 268 124 266Z', a);
    if (v % 3 === 1)
      side = [0, 1, 2].map((i) => line(`M${162 + i * 22} 262L${186 + i * 22} 212`, a, 9)).join('');
    if (v % 3 === 2) side = path('M272 228Q318 236 328 264L330 272H276Q262 250 272 228Z', a);
    const laces = [0, 1, 2, 3]
      .map((i) =>
        line(`M${176 + i * 18} ${196 + i * 12}L${192 + i * 18} ${182 + i * 12}`, WHITE, 6),
      )
      .join('');
    return (
      path(
        'M96 272L98 186Q100 172 116 174L150 180Q156 158 174 162L184 178L252 222Q316 232 328 262L330 272Z',
        p,
      ) +
      path('M96 200V272H116V204Z', pd) +
      side +
      laces +
      path('M116 174L150 180L156 170Q130 162 116 174Z', INK) +
      `<path d="M88 268H330Q342 268 340 282Q338 296 322 296H100Q86 296 86 282Z" fill="${WHITE}" stroke="#000" stroke-opacity=".1" stroke-width="2"/>` +
      rect(92, 284, 244, 6, 3, SHADE)
    );
  },

  handbag: ({ p, pd, a, v }) => {
    const flap = v % 2 === 0;
    return (
      line('M150 174V140Q150 104 200 104Q250 104 250 140V174', pd, 14) +
      path('M118 168H282L306 296Q308 312 292 312H108Q92 312 94 296Z', p) +
      path('M236 168H282L306 296Q308 312 292 312H250Z', SHADE) +
      (flap
        ? path('M116 168H284L292 228Q200 258 108 228Z', pd) +
          circle(200, 240, 12, a) +
          circle(200, 240, 5, pd)
        : rect(150, 200, 100, 8, 4, a) +
          `<path d="M110 290H290" fill="none" stroke="${a}" stroke-width="3" stroke-dasharray="8 6"/>`) +
      rect(140, 162, 20, 18, 4, a) +
      rect(240, 162, 20, 18, 4, a)
    );
  },

  phone: ({ p, pd, a, v }) => {
    let screen = '';
    if (v % 3 === 0)
      for (let i = 0; i < 12; i++)
        screen += rect(
          162 + (i % 3) * 28,
          120 + Math.floor(i / 3) * 30,
          20,
          20,
          6,
          'fill="#fff" fill-opacity=".6"',
        );
    if (v % 3 === 1)
      screen =
        path('M148 250Q200 200 252 236V308Q252 324 236 324H164Q148 324 148 308Z', pd) +
        circle(200, 160, 24, 'fill="#fff" fill-opacity=".6"');
    if (v % 3 === 2)
      screen =
        circle(200, 180, 40, 'fill="#fff" fill-opacity=".4"') +
        line('M200 180V156M200 180L216 190', WHITE, 5);
    return (
      rect(136, 64, 128, 272, 26, p) +
      rect(264, 120, 4, 40, 2, pd) +
      rect(132, 110, 4, 24, 2, pd) +
      rect(146, 74, 108, 252, 18, a) +
      screen +
      rect(182, 86, 36, 11, 5.5, INK) +
      rect(180, 312, 40, 4, 2, 'fill="#fff" fill-opacity=".7"')
    );
  },

  laptop: ({ p, pd, a, v }) => {
    let screen = '';
    if (v % 3 === 0)
      screen =
        rect(122, 124, 70, 50, 4, 'fill="#fff" fill-opacity=".6"') +
        rect(202, 124, 76, 104, 4, 'fill="#fff" fill-opacity=".4"');
    if (v % 3 === 1)
      screen =
        path('M106 240L160 168L196 210L228 180L294 240Z', pd) +
        circle(250, 140, 14, 'fill="#fff" fill-opacity=".7"');
    if (v % 3 === 2)
      screen = [40, 70, 55, 90, 64]
        .map((h, i) => rect(130 + i * 30, 210 - h, 18, h, 3, 'fill="#fff" fill-opacity=".6"'))
        .join('');
    return (
      rect(96, 100, 208, 156, 12, p) +
      rect(106, 110, 188, 134, 4, a) +
      screen +
      circle(200, 105, 2, INK) +
      path('M60 256H340V262Q340 278 322 278H78Q60 278 60 262Z', p) +
      path('M60 264H340Q340 278 322 278H78Q60 278 60 264Z', SHADE) +
      rect(172, 256, 56, 7, 3.5, pd)
    );
  },

  monitor: ({ p, pd, a, v }) => {
    let screen = '';
    if (v % 3 === 0)
      screen =
        path('M80 230L150 150L196 200L236 164L320 230Z', pd) +
        circle(268, 124, 14, 'fill="#fff" fill-opacity=".7"');
    if (v % 3 === 1)
      screen =
        rect(98, 106, 110, 80, 5, 'fill="#fff" fill-opacity=".6"') +
        rect(190, 140, 112, 74, 5, 'fill="#fff" fill-opacity=".8"');
    if (v % 3 === 2) screen = line('M100 206L144 170L180 186L226 130L260 156L300 116', WHITE, 7);
    return (
      path('M182 248H218L224 296H176Z', pd) +
      rect(134, 290, 132, 16, 8, p) +
      rect(66, 76, 268, 180, 14, p) +
      rect(78, 88, 244, 142, 4, a) +
      screen +
      circle(200, 243, 4, pd)
    );
  },

  smartwatch: ({ p, pd, a, ad, v }) => {
    let face = '';
    if (v % 3 === 0)
      face =
        `<circle cx="200" cy="200" r="40" fill="none" stroke="${a}" stroke-width="10" stroke-dasharray="180 300" stroke-linecap="round" transform="rotate(-90 200 200)"/>` +
        `<circle cx="200" cy="200" r="24" fill="none" stroke="${ad}" stroke-width="10" stroke-dasharray="100 300" stroke-linecap="round" transform="rotate(-90 200 200)"/>`;
    if (v % 3 === 1)
      face =
        [0, 90, 180, 270]
          .map(
            (d) =>
              `<path d="M200 152V162" stroke="${a}" stroke-width="5" stroke-linecap="round" transform="rotate(${d} 200 200)"/>`,
          )
          .join('') +
        line('M200 200V170M200 200L222 212', WHITE, 6) +
        circle(200, 200, 5, a);
    if (v % 3 === 2) face = line('M152 204H176L186 178L202 230L214 196L222 204H248', a, 6);
    return (
      rect(164, 56, 72, 288, 22, pd) +
      [288, 306, 324].map((y) => circle(200, y, 3.5, 'fill="#000" fill-opacity=".3"')).join('') +
      rect(262, 168, 12, 30, 5, pd) +
      rect(132, 120, 136, 160, 38, p) +
      rect(144, 132, 112, 136, 28, '#1b1f24') +
      face
    );
  },

  camera: ({ p, pd, a, v }) => {
    const band = v % 2 === 0 ? rect(72, 178, 256, 92, 0, pd) : rect(72, 262, 256, 10, 0, a);
    const lens = v % 3 === 2 ? 72 : 62;
    return (
      path('M148 136L164 106H236L252 136Z', pd) +
      rect(92, 118, 40, 20, 6, a) +
      rect(72, 132, 256, 170, 26, p) +
      band +
      rect(264, 148, 40, 22, 5, 'fill="#fff" fill-opacity=".8"') +
      circle(200, 222, lens, '#e8ecef') +
      circle(200, 222, lens - 10, a) +
      circle(200, 222, lens - 22, '#1f252b') +
      circle(200, 222, lens - 40, '#3b4a57') +
      circle(186, 208, 8, 'fill="#fff" fill-opacity=".7"')
    );
  },

  headphones: ({ p, pd, a, v }) => {
    const cup = (x: number) =>
      rect(x, 196, 60, 108, 26, p) +
      (v % 2 === 1 ? circle(x + 30, 250, 16, a) : rect(x + 18, 214, 24, 72, 12, pd));
    return (
      line('M106 240V196A94 94 0 0 1 294 196V240', pd, 18) +
      line('M136 144A84 84 0 0 1 264 144', a, 14) +
      rect(126, 206, 26, 88, 12, a) +
      rect(248, 206, 26, 88, 12, a) +
      cup(76) +
      cup(264) +
      (v % 3 === 2 ? circle(106, 196, 8, a) + circle(294, 196, 8, a) : '')
    );
  },

  gamepad: ({ p, pd, a, ad, v }) => {
    const btn = v % 2 === 0 ? [a, a, a, a] : ['#4cc38a', '#f25c54', '#4a90e2', '#f2c94c'];
    return (
      path(
        'M134 146H266Q318 146 336 206L352 264Q360 302 328 306Q304 310 286 278L270 254H130L114 278Q96 310 72 306Q40 302 48 264L64 206Q82 146 134 146Z',
        p,
      ) +
      path(
        'M130 254H270L286 278Q304 310 328 306Q352 302 352 264Q290 270 250 236H150Q110 270 48 264Q40 302 72 306Q96 310 114 278Z',
        SHADE,
      ) +
      rect(118, 190, 40, 14, 4, a) +
      rect(131, 177, 14, 40, 4, a) +
      [
        [270, 178],
        [290, 198],
        [270, 218],
        [250, 198],
      ]
        .map(([x = 0, y = 0], i) => circle(x, y, 9, btn[i] ?? a))
        .join('') +
      circle(170, 234, 17, INK) +
      circle(230, 234, 17, INK) +
      circle(170, 234, 8, v % 3 === 2 ? a : '#4b5563') +
      circle(230, 234, 8, v % 3 === 2 ? a : '#4b5563') +
      rect(186, 180, 28, 8, 4, pd) +
      (v % 3 === 2 ? '' : circle(200, 160, 5, ad))
    );
  },

  speaker: ({ p, pd, a, ad, v }) => {
    const holes =
      v % 2 === 1
        ? [148, 252].flatMap((x) => [100, 300].map((y) => circle(x, y, 4, pd))).join('')
        : '';
    return (
      rect(128, 72, 144, 240, 22, p) +
      path('M244 72H250Q272 72 272 94V290Q272 312 250 312H244Z', SHADE) +
      holes +
      circle(200, 134, 26, pd) +
      circle(200, 134, 15, INK) +
      circle(200, 134, 6, a) +
      circle(200, 232, 56, pd) +
      circle(200, 232, 46, INK) +
      circle(200, 232, v % 3 === 2 ? 34 : 28, a) +
      circle(200, 232, 11, ad) +
      rect(150, 312, 18, 8, 3, INK) +
      rect(232, 312, 18, 8, 3, INK)
    );
  },

  chair: ({ p, pd, pl, a, ad, v }) => {
    let back = '';
    if (v % 3 === 0) back = rect(148, 90, 104, 86, 22, pl);
    if (v % 3 === 1) back = line('M168 96V174M200 92V176M232 96V174', pd, 8);
    if (v % 3 === 2)
      back = [160, 200, 240].flatMap((x) => [112, 152].map((y) => circle(x, y, 5, pd))).join('');
    return (
      line('M170 240L174 302M230 240L226 302', ad, 9) +
      rect(128, 70, 144, 136, 36, p) +
      back +
      rect(110, 190, 180, 52, 24, pl) +
      rect(110, 218, 180, 26, 13, pd) +
      line('M142 242L128 316M258 242L272 316', a, 11)
    );
  },

  lamp: ({ p, pd, a, ad, v }) => {
    let shade = '';
    if (v % 3 === 1)
      shade = [1, 2, 3, 4, 5]
        .map((i) => line(`M${r1(150 + (100 * i) / 6)} 92L${r1(110 + (180 * i) / 6)} 190`, pd, 6))
        .join('');
    if (v % 3 === 2) shade = line('M252 196V242', ad, 3) + circle(252, 246, 6, a);
    return (
      rect(194, 190, 12, 104, 4, a) +
      path(
        v % 3 === 2
          ? 'M148 306Q148 264 200 264Q252 264 252 306Z'
          : 'M148 304Q148 288 164 288H236Q252 288 252 304V306H148Z',
        ad,
      ) +
      `<path d="M150 88H250L290 194H110Z" fill="${p}" stroke="${p}" stroke-width="10" stroke-linejoin="round"/>` +
      path('M220 88H250L290 194H246Z', SHADE) +
      shade +
      rect(106, 190, 188, 12, 6, pd)
    );
  },

  sofa: ({ p, pd, pl, a, v }) => {
    const n = v % 2 === 0 ? 2 : 3;
    const seams = Array.from({ length: n - 1 }, (_, i) => {
      const x = r1(110 + (180 * (i + 1)) / n);
      return line(`M${x} 134V212M${x} 222V262`, pd, 4);
    }).join('');
    const pillow =
      `<rect x="118" y="170" width="56" height="50" rx="14" fill="${a}" transform="rotate(${v % 3 === 2 ? 8 : -10} 146 195)"/>` +
      (v % 3 === 1
        ? `<rect x="226" y="170" width="56" height="50" rx="14" fill="${a}" transform="rotate(10 254 195)"/>`
        : '');
    return (
      rect(88, 292, 14, 20, 4, INK) +
      rect(298, 292, 14, 20, 4, INK) +
      rect(92, 122, 216, 120, 26, pd) +
      rect(104, 212, 192, 58, 16, pl) +
      rect(104, 246, 192, 34, 12, p) +
      seams +
      pillow +
      rect(58, 172, 58, 124, 26, p) +
      rect(284, 172, 58, 124, 26, p) +
      rect(96, 280, 208, 16, 6, pd)
    );
  },

  mug: ({ p, pd, a, v }) => {
    let deco = '';
    if (v % 3 === 0) deco = rect(118, 196, 144, 22, 0, a);
    if (v % 3 === 1)
      deco = path(
        'M190 250C160 226 162 200 178 196C186 194 190 200 190 206C190 200 194 194 202 196C218 200 220 226 190 250Z',
        a,
      );
    if (v % 3 === 2)
      deco = [150, 190, 230].flatMap((x) => [180, 230].map((y) => circle(x, y, 9, a))).join('');
    return (
      line(
        'M176 104Q164 90 176 76Q188 62 176 48M208 104Q196 90 208 76Q220 62 208 48',
        INK,
        7,
        0.2,
      ) +
      line('M262 160H280Q314 160 314 206Q314 252 280 252H262', p, 20) +
      path('M118 128H262V268Q262 304 226 304H154Q118 304 118 268Z', p) +
      path('M226 128H262V268Q262 304 226 304Z', SHADE) +
      deco +
      `<ellipse cx="190" cy="128" rx="72" ry="14" fill="${pd}"/>` +
      `<ellipse cx="190" cy="130" rx="62" ry="9" fill="#6b4630"/>`
    );
  },

  'pill-bottle': ({ p, pd, a, ad, v }) => {
    let label: string;
    if (v % 3 !== 2) label = rect(188, 194, 24, 60, 5, a) + rect(170, 212, 60, 24, 5, a);
    else
      label =
        rect(164, 198, 72, 10, 5, a) + rect(164, 218, 52, 8, 4, pd) + rect(164, 234, 60, 8, 4, pd);
    const pills =
      v % 2 === 0
        ? `<g transform="rotate(-28 294 292)">${rect(252, 276, 84, 32, 16, a)}${path('M294 276H320Q336 276 336 292Q336 308 320 308H294Z', WHITE)}</g>`
        : circle(264, 296, 18, WHITE) +
          circle(306, 300, 18, a) +
          line('M256 288L272 304', '#cfd6dd', 3);
    return (
      '<g transform="translate(-22 0)">' +
      rect(134, 126, 112, 188, 18, p) +
      path('M214 126H228Q246 126 246 144V296Q246 314 228 314H214Z', SHADE) +
      rect(126, 70, 128, 58, 12, a) +
      [146, 162, 178, 194, 210, 226].map((x) => rect(x, 80, 6, 38, 3, ad)).join('') +
      rect(134, 170, 112, 104, 0, 'fill="#fff" fill-opacity=".9"') +
      label +
      '</g>' +
      pills
    );
  },

  'first-aid': ({ p, pd, a, v }) => {
    const cross = rect(180, 170, 40, 110, 8, WHITE) + rect(145, 205, 110, 40, 8, WHITE);
    return (
      line('M158 130V110Q158 94 174 94H226Q242 94 242 110V130', pd, 14) +
      rect(80, 126, 240, 184, 26, p) +
      path('M290 126Q320 126 320 152V284Q320 310 294 310H270V126Z', SHADE) +
      (v % 2 === 1 ? circle(200, 225, 76, 'fill="#fff" fill-opacity=".3"') : '') +
      rect(80, 156, 240, 6, 0, pd) +
      cross +
      rect(104, 148, 22, 22, 5, a) +
      rect(274, 148, 22, 22, 5, a) +
      (v % 3 === 2 ? rect(80, 286, 240, 24, 0, a) : '')
    );
  },

  ball: ({ p, a, v }) => {
    const seams =
      v % 2 === 0
        ? line('M200 98V314M92 206H308M126 128Q172 206 126 284M274 128Q228 206 274 284', a, 7)
        : path(pentagon(200, 206, 34, 0), a) +
          [0, 1, 2, 3, 4]
            .map((k) => {
              const [x1, y1] = polar(200, 206, 34, k * 72);
              const [x2, y2] = polar(200, 206, 106, k * 72);
              return (
                line(`M${x1} ${y1}L${x2} ${y2}`, a, 6) +
                path(pentagon(...polar(200, 206, 84, k * 72 + 36), 24, k * 72 + 216), a)
              );
            })
            .join('');
    return (
      circle(200, 206, 108, p) +
      `<g transform="rotate(${(v * 23) % 90} 200 206)">${seams}</g>` +
      path('M283 137A108 108 0 0 1 117 275A120 120 0 0 0 283 137Z', SHADE) +
      `<ellipse cx="160" cy="154" rx="28" ry="16" transform="rotate(-35 160 154)" ${SHINE}/>`
    );
  },

  dumbbell: ({ p, pd, a, ad, v }) => {
    const plates = v % 3 === 2 ? 3 : 2;
    let out = rect(70, 202, 260, 16, 8, '#9aa3ad') + rect(150, 196, 100, 28, 12, a);
    out += [166, 182, 198, 214, 230].map((x) => rect(x, 198, 4, 24, 2, ad)).join('');
    for (let i = 0; i < plates; i++) {
      const h = 152 - i * 30;
      const w = 28;
      const x = 114 - i * 28;
      const fill = i % 2 === 0 ? p : pd;
      const shape = (px: number) =>
        rect(px, 210 - h / 2, w, h, 10, fill) +
        (v % 3 === 1 ? rect(px + w / 2 - 3, 210 - h / 2 + 14, 6, h - 28, 3, a) : '');
      out += shape(x) + shape(400 - x - w);
    }
    return out;
  },

  bicycle: ({ p, pd, a, v }) => {
    const wheel = (cx: number) =>
      ring(cx, 248, 60, INK, 10) +
      ring(cx, 248, 50, a, 3) +
      (v % 3 === 1
        ? line(
            `M${cx - 50} 248H${cx + 50}M${cx} 198V298M${cx - 35} 213L${cx + 35} 283M${cx + 35} 213L${cx - 35} 283`,
            '#b8c0c8',
            2,
          )
        : '') +
      circle(cx, 248, 7, INK);
    return (
      wheel(116) +
      wheel(284) +
      line('M116 248L188 248L168 162ZM188 248L266 176M168 162L262 164', p, 10) +
      line('M258 146L284 248', pd, 9) +
      line('M256 146L250 128H280', INK, 8) +
      line('M168 162L165 148', INK, 7) +
      path('M146 140H188Q190 150 180 152H158Q146 150 146 140Z', INK) +
      circle(188, 248, 13, a) +
      line('M188 248L200 272', INK, 6) +
      (v % 3 === 2 ? rect(266, 118, 50, 34, 6, a) + line('M272 130H310M272 142H310', pd, 3) : '')
    );
  },

  tent: ({ p, pd, a, ad, v }) => {
    const door =
      v % 3 === 2
        ? path('M200 136L254 304H146Z', pd) + line('M200 150V300', a, 4)
        : path('M200 130L256 304H144Z', pd) +
          path('M200 152L232 304H168Z', '#2b2f36') +
          circle(162, 252, 6, a) +
          circle(238, 252, 6, a);
    return (
      line('M118 224L70 308M282 224L330 308', '#8a8f96', 3) +
      `<path d="M200 84L330 304H70Z" fill="${p}" stroke="${p}" stroke-width="10" stroke-linejoin="round"/>` +
      path('M200 84L330 304H254Z', SHADE) +
      (v % 3 === 1 ? path('M86 276H314L330 304H70Z', a) : '') +
      door +
      line('M200 84V58', ad, 5) +
      (v % 3 === 1 ? '' : path('M202 56L230 64L202 72Z', a))
    );
  },

  teddy: ({ p, pd, pl, a, v }) => {
    const bow =
      v % 2 === 0
        ? path('M200 222L172 206V238ZM200 222L228 206V238Z', a) + circle(200, 222, 8, a)
        : path('M150 220Q200 240 250 220V232Q200 252 150 232Z', a);
    return (
      circle(140, 104, 32, p) +
      circle(260, 104, 32, p) +
      circle(140, 104, 16, pl) +
      circle(260, 104, 16, pl) +
      `<ellipse cx="200" cy="262" rx="76" ry="60" fill="${p}"/>` +
      `<ellipse cx="200" cy="270" rx="44" ry="38" fill="${pl}"/>` +
      `<ellipse cx="124" cy="236" rx="24" ry="36" transform="rotate(30 124 236)" fill="${pd}"/>` +
      `<ellipse cx="276" cy="236" rx="24" ry="36" transform="rotate(-30 276 236)" fill="${pd}"/>` +
      circle(150, 306, 26, pd) +
      circle(250, 306, 26, pd) +
      circle(150, 306, 14, pl) +
      circle(250, 306, 14, pl) +
      circle(200, 150, 70, p) +
      `<ellipse cx="200" cy="176" rx="30" ry="22" fill="${pl}"/>` +
      `<ellipse cx="200" cy="166" rx="11" ry="8" fill="${INK}"/>` +
      line('M200 172V182M188 186Q200 194 212 186', INK, 3) +
      circle(174, 138, 7, INK) +
      circle(226, 138, 7, INK) +
      (v % 3 === 2 ? path('M230 260l6 12 13 2-9 9 2 13-12-6-12 6 2-13-9-9 13-2z', a) : '') +
      bow
    );
  },

  blocks: ({ p, a, v }) => {
    const top = tint(p, 0.45);
    const glyph = (n: number, x: number, y: number) => {
      const fill = 'fill="#fff" fill-opacity=".9"';
      if (n % 3 === 0) return circle(x, y, 18, fill);
      if (n % 3 === 1) return path(`M${x} ${y - 20}L${x + 21} ${y + 16}H${x - 21}Z`, fill);
      return rect(x - 17, y - 17, 34, 34, 5, fill);
    };
    const block = (x: number, y: number, fill: string, n: number) =>
      path(`M${x} ${y}L${x + 14} ${y - 14}H${x + 110}L${x + 96} ${y}Z`, tint(fill, 0.35)) +
      path(
        `M${x + 96} ${y}L${x + 110} ${y - 14}V${y + 82}L${x + 96} ${y + 96}Z`,
        tint(fill, -0.25),
      ) +
      rect(x, y, 96, 96, 8, fill) +
      `<rect x="${x + 11}" y="${y + 11}" width="74" height="74" rx="8" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="4"/>` +
      glyph(n + v, x + 48, y + 48);
    const shift = v % 2 === 0 ? 0 : 24;
    return block(86, 214, p, 0) + block(196, 214, a, 1) + block(138 + shift, 112, top, 2);
  },

  stroller: ({ p, pd, a, ad, v }) => {
    const ribs = [
      '',
      line('M196 168L125 97', ad, 4),
      line('M196 168L110 118M196 168L146 81', ad, 4),
    ][v % 3];
    return (
      line('M138 290L200 252L262 290M200 252V234', INK, 7) +
      line('M300 170L330 112H352', INK, 8) +
      path('M96 168A100 100 0 0 1 196 68V168Z', a) +
      (ribs ?? '') +
      path('M94 166H306Q302 256 222 260H178Q98 256 94 166Z', p) +
      path('M250 166H306Q302 256 222 260H210Q250 230 250 166Z', SHADE) +
      rect(90, 160, 220, 14, 7, pd) +
      circle(138, 290, 24, INK) +
      circle(262, 290, 24, INK) +
      circle(138, 290, 9, '#cfd6dd') +
      circle(262, 290, 9, '#cfd6dd')
    );
  },

  'pet-bowl': ({ p, pd, a, v }) => {
    let deco = '';
    if (v % 3 === 0 || v % 3 === 2)
      deco =
        `<ellipse cx="200" cy="268" rx="22" ry="18" fill="${a}"/>` +
        [
          [171, 242],
          [189, 229],
          [211, 229],
          [229, 242],
        ]
          .map(([x = 0, y = 0]) => circle(x, y, 9, a))
          .join('');
    if (v % 3 === 1)
      deco =
        rect(168, 250, 64, 18, 9, a) +
        [
          [168, 248],
          [168, 270],
          [232, 248],
          [232, 270],
        ]
          .map(([x = 0, y = 0]) => circle(x, y, 12, a))
          .join('');
    const kibble = v % 3 === 2 ? '#7bb3d9' : '#a8713f';
    return (
      path('M118 196Q200 124 282 196Z', kibble) +
      (v % 3 === 2
        ? ''
        : [144, 170, 196, 222, 248, 162, 188, 214, 240, 186, 212]
            .map((x, i) =>
              circle(x + (i > 8 ? 2 : 0), i < 5 ? 186 : i < 9 ? 168 : 150, 9, '#8a5a31'),
            )
            .join('')) +
      path('M104 196H296L326 290Q328 310 308 310H92Q72 310 74 290Z', p) +
      path('M262 196H296L326 290Q328 310 308 310H280Q284 240 262 196Z', SHADE) +
      line('M104 196H296', pd, 18) +
      deco
    );
  },

  'coffee-bag': ({ p, pd, a, v }) => {
    // A dark bean would vanish on a dark label, so roast it lighter there.
    const roast = isDark(a) ? '#c8935f' : '#5b3a24';
    const bean = (x: number, y: number, s: number) =>
      `<g transform="translate(${x} ${y}) rotate(30) scale(${s})"><ellipse rx="18" ry="26" fill="${roast}"/>${line('M0 -22Q-8 0 0 22', a, 4)}</g>`;
    const label = v % 2 === 0 ? rect(146, 172, 108, 104, 14, a) : circle(200, 222, 56, a);
    const beans =
      v % 3 === 2
        ? bean(180, 214, 0.6) + bean(220, 214, 0.6) + bean(200, 244, 0.6)
        : bean(200, 218, 1);
    return (
      path('M128 104H272L282 306Q282 314 274 314H126Q118 314 118 306Z', p) +
      path('M128 104H142L136 314H126Q118 314 118 306Z', SHADE) +
      path('M258 104H272L282 306Q282 314 274 314H262Z', SHADE) +
      rect(122, 86, 156, 26, 5, pd) +
      line('M140 92V106M160 92V106M180 92V106M200 92V106M220 92V106M240 92V106M260 92V106', p, 3) +
      circle(200, 140, 8, pd) +
      label +
      beans +
      (v % 2 === 0 ? rect(172, 258, 56, 7, 3.5, 'fill="#fff" fill-opacity=".8"') : '')
    );
  },

  lipstick: ({ p, pd, pl, a, ad, v }) => {
    const stripes = v % 3 === 1 ? line('M160 238H214M160 262H214', pl, 4) : '';
    const cap =
      v % 2 === 0
        ? rect(236, 170, 60, 140, 10, p) +
          rect(236, 282, 60, 14, 0, pl) +
          path('M276 170H286Q296 170 296 180V300Q296 310 286 310H276Z', SHADE)
        : '';
    const shift = v % 2 === 0 ? 0 : 36;
    return (
      `<g transform="translate(${shift} 0)">` +
      rect(152, 150, 60, 40, 4, pd) +
      path('M156 152V106Q156 98 164 94L196 78Q208 74 208 84V152Z', a) +
      path('M190 86L196 82Q208 74 208 84V152H190Z', ad) +
      rect(144, 184, 76, 24, 5, pl) +
      rect(146, 204, 72, 106, 8, p) +
      path('M196 204H210Q218 204 218 212V302Q218 310 210 310H196Z', SHADE) +
      stripes +
      `</g>` +
      cap
    );
  },

  perfume: ({ p, pd, a, v }) => {
    const shape = v % 3;
    const bottle =
      shape === 1
        ? circle(200, 226, 84, p) + path('M200 142A84 84 0 0 1 200 310Z', SHADE)
        : shape === 2
          ? path('M150 150H250L290 206V290Q290 310 270 310H130Q110 310 110 290V206Z', p) +
            path('M200 150H250L290 206V290Q290 310 270 310H200Z', SHADE)
          : rect(116, 150, 168, 160, 28, p) +
            path('M200 150H256Q284 150 284 178V282Q284 310 256 310H200Z', SHADE);
    return (
      rect(184, 116, 32, 40, 4, '#c9d1d9') +
      rect(166, 72, 68, 52, 12, a) +
      rect(166, 112, 68, 12, 0, pd) +
      bottle +
      line('M138 180V262', WHITE, 8, 0.5) +
      rect(164, 212, 72, 44, 6, 'fill="#fff" fill-opacity=".9"') +
      rect(180, 228, 40, 6, 3, a)
    );
  },

  'cream-jar': ({ p, pd, a, ad, v }) => {
    const open = v % 2 === 1;
    if (open)
      return (
        rect(228, 250, 108, 58, 16, a) +
        rect(228, 250, 108, 14, 7, ad) +
        '<g transform="translate(-34 0)">' +
        rect(104, 178, 192, 130, 24, p) +
        path('M240 178H272Q296 178 296 202V284Q296 308 272 308H240Z', SHADE) +
        `<ellipse cx="200" cy="180" rx="96" ry="20" fill="${pd}"/>` +
        `<ellipse cx="200" cy="180" rx="84" ry="14" fill="#fbf7f2"/>` +
        line('M176 180Q200 150 214 168Q226 180 206 184Q192 186 196 174', '#e6ded5', 4) +
        rect(104, 232, 192, 40, 0, 'fill="#fff" fill-opacity=".9"') +
        circle(200, 252, 9, a) +
        '</g>'
      );
    return (
      rect(108, 196, 184, 112, 22, p) +
      path('M240 196H270Q292 196 292 218V286Q292 308 270 308H240Z', SHADE) +
      rect(96, 146, 208, 60, 16, a) +
      [120, 144, 168, 192, 216, 240, 264].map((x) => rect(x, 156, 6, 40, 3, ad)).join('') +
      rect(108, 226, 184, 50, 0, 'fill="#fff" fill-opacity=".9"') +
      (v % 3 === 2
        ? [170, 200, 230].map((x) => circle(x, 251, 7, a)).join('')
        : path('M200 236Q222 250 200 268Q178 250 200 236Z', a))
    );
  },

  /** A one-piece (variant 0), a bikini (1) or a children's sun-safe suit with sleeves (2). */
  swimsuit: ({ p, a, v }) => {
    if (v % 3 === 1)
      return (
        line('M140 90L120 170Q160 180 196 160L200 150L204 160Q240 180 280 170L260 90', p, 8) +
        path(
          'M122 170Q160 182 196 160Q176 120 160 100Z M278 170Q240 182 204 160Q224 120 240 100Z',
          p,
        ) +
        path('M120 220H280L260 250Q230 300 200 300Q170 300 140 250Z', p)
      );
    if (v % 3 === 2)
      return (
        path(
          'M160 90L110 120L80 200L110 210L140 150V230L130 300H180L200 250L220 300H270L260 230V150L290 210L320 200L290 120L240 90Q200 110 160 90Z',
          p,
        ) + line('M200 100V220', a, 6)
      );
    return (
      path(
        'M150 80V140Q150 170 130 200L120 300Q200 330 280 300L270 200Q250 170 250 140V80L236 80Q230 150 200 160Q170 150 164 80Z',
        p,
      ) + line('M130 200Q200 240 270 200', a, 8, 0.6)
    );
  },

  'swim-shorts': ({ p, a, v }) =>
    path('M110 110H290L310 290H220L200 180L180 290H90Z', p) +
    path('M110 110H290V130H110Z', SHADE) +
    line('M200 130V170', a, 6) +
    (v % 3 === 1 ? line('M104 250H178M222 250H296', a, 8) : '') +
    (v % 3 === 2 ? rect(236, 150, 36, 40, 6, a) : ''),
};

/** Floor-shadow half-width and centre line per kind, so each object sits on the ground. */
const floors: Partial<Record<ProductArtKind, [number, number]>> = {
  tshirt: [110, 318],
  shoe: [140, 300],
  handbag: [118, 316],
  phone: [80, 340],
  laptop: [150, 284],
  monitor: [90, 310],
  smartwatch: [60, 348],
  camera: [140, 306],
  headphones: [130, 310],
  gamepad: [150, 312],
  ball: [96, 322],
  dumbbell: [130, 290],
  bicycle: [160, 312],
  tent: [150, 310],
  blocks: [130, 310],
  stroller: [130, 318],
  'pet-bowl': [140, 312],
  lipstick: [100, 314],
};

/** Handheld things get a slight tilt per variant; furniture stays level on its floor. */
const tilted = new Set<ProductArtKind>([
  'phone',
  'smartwatch',
  'camera',
  'headphones',
  'gamepad',
  'ball',
  'dumbbell',
  'shoe',
  'handbag',
]);
const tilts = [0, -5, 4, -3, 6, -6, 3];

export function drawProductSvg(
  kind: ProductArtKind,
  palette: ProductArtPalette,
  variant = 0,
): string {
  const v = Number.isFinite(variant) ? Math.abs(Math.trunc(variant)) : 0;
  const primary = safeColour(palette.primary, '#5b7cfa');
  const accent = safeColour(palette.accent, '#ffb547');
  const ctx: Ctx = {
    p: primary,
    pd: tint(primary, -0.22),
    pl: tint(primary, 0.3),
    a: accent,
    ad: tint(accent, -0.22),
    v,
  };
  const draw = drawers[kind];
  const [rx, cy] = floors[kind] ?? [120, 312];
  const tilt = tilted.has(kind) ? (tilts[v % tilts.length] ?? 0) : 0;
  const body = draw(ctx);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">' +
    rect(0, 0, 400, 400, 72, safeColour(palette.background, '#f3f4f6')) +
    `<ellipse cx="200" cy="${cy}" rx="${rx}" ry="12" fill="#000" fill-opacity=".1"/>` +
    (tilt ? `<g transform="rotate(${tilt} 200 210)">${body}</g>` : body) +
    '</svg>'
  );
}
