/**
 * An English name for a hex colour, for colours a catalog gives without one: the nearest of a
 * few everyday colour names (distance in RGB, weighted for how the eye sees green and red).
 */
const basicColours: [name: string, r: number, g: number, b: number][] = [
  ['Black', 0x1c, 0x1c, 0x1c],
  ['Charcoal', 0x3a, 0x3a, 0x3a],
  ['Grey', 0x8e, 0x9a, 0xa6],
  ['Silver', 0xc9, 0xcd, 0xd2],
  ['White', 0xf7, 0xf5, 0xf0],
  ['Cream', 0xe9, 0xe4, 0xdc],
  ['Beige', 0xc8, 0xb0, 0x8a],
  ['Brown', 0x6b, 0x4a, 0x3a],
  ['Red', 0xc0, 0x39, 0x2b],
  ['Burgundy', 0x6d, 0x2e, 0x46],
  ['Pink', 0xe4, 0xa9, 0xa0],
  ['Orange', 0xe0, 0x7a, 0x2f],
  ['Yellow', 0xf2, 0xc1, 0x4e],
  ['Olive', 0x5a, 0x5a, 0x3c],
  ['Green', 0x2f, 0x6b, 0x4f],
  ['Mint', 0x9b, 0xd3, 0xb5],
  ['Teal', 0x1f, 0x6f, 0x8b],
  ['Sky Blue', 0x7f, 0xa2, 0xc9],
  ['Blue', 0x2f, 0x80, 0xed],
  ['Navy', 0x1f, 0x2a, 0x44],
  ['Purple', 0x8a, 0x63, 0xd2],
  ['Lavender', 0xb8, 0xa1, 0xd9],
];

export function nearestColourName(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
  let best = 'Black';
  let bestDistance = Infinity;
  for (const [name, cr, cg, cb] of basicColours) {
    const distance = 2 * (r - cr) ** 2 + 4 * (g - cg) ** 2 + 3 * (b - cb) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best;
}
