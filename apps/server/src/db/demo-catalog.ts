/**
 * The demo catalog a fresh shop is seeded with. Pure data: brands are invented, prices are
 * integer US cents, and `art` describes the flat illustration drawn for each product.
 */
import type { ProductArtKind } from './product-art';

export interface DemoCategory {
  slug: string;
  name: string;
}

export interface DemoProduct {
  slug: string; // kebab-case, unique, ascii
  name: string;
  description: string;
  category: string; // a DemoCategory slug
  price: number; // integer US cents, e.g. 12999 for $129.99
  compareAtPrice?: number; // integer cents, strictly greater than price
  stock: number;
  rating: { average: number; count: number };
  sales: number; // units sold, used for "best selling"
  daysOld: number; // how long ago the product was added, used for "new arrivals"
  colours?: string[]; // CSS hex colours
  sizes?: string[]; // apparel and shoes only
  flashSale?: boolean;
  art: {
    kind: ProductArtKind;
    palette: { background: string; primary: string; accent: string };
    variant: number;
  };
}

type CategorySlug =
  | 'womens-fashion'
  | 'mens-fashion'
  | 'electronics'
  | 'home-lifestyle'
  | 'medicine'
  | 'sports-outdoor'
  | 'babys-toys'
  | 'groceries-pets'
  | 'health-beauty'
  | 'phones'
  | 'computers'
  | 'smartwatch'
  | 'camera'
  | 'headphones'
  | 'gaming';

interface Stats {
  price: number;
  /** compare-at ("was") price */
  was?: number;
  stock: number;
  /** [average, count] */
  rating: [number, number];
  sales: number;
  days: number;
}

interface Options {
  colours?: string[];
  sizes?: string[];
  flash?: boolean;
}

const WOMEN_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const MEN_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const BABY_SIZES = ['0-3M', '3-6M', '6-12M', '12-18M'];
const WOMEN_SHOE_SIZES = ['36', '37', '38', '39', '40', '41'];
const MEN_SHOE_SIZES = ['40', '41', '42', '43', '44', '45'];
const UNISEX_SHOE_SIZES = ['38', '39', '40', '41', '42', '43', '44', '45'];

function art(
  kind: ProductArtKind,
  background: string,
  primary: string,
  accent: string,
  variant: number,
): DemoProduct['art'] {
  return { kind, palette: { background, primary, accent }, variant };
}

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function p(
  category: CategorySlug,
  name: string,
  description: string,
  stats: Stats,
  productArt: DemoProduct['art'],
  options: Options = {},
): DemoProduct {
  const product: DemoProduct = {
    slug: slugify(name),
    name,
    description,
    category,
    price: stats.price,
    stock: stats.stock,
    rating: { average: stats.rating[0], count: stats.rating[1] },
    sales: stats.sales,
    daysOld: stats.days,
    art: productArt,
  };
  if (stats.was !== undefined) product.compareAtPrice = stats.was;
  if (options.colours) product.colours = [...options.colours];
  if (options.sizes) product.sizes = [...options.sizes];
  if (options.flash) product.flashSale = true;
  return product;
}

export const demoCategories: DemoCategory[] = [
  { slug: 'womens-fashion', name: "Woman's Fashion" },
  { slug: 'mens-fashion', name: "Men's Fashion" },
  { slug: 'electronics', name: 'Electronics' },
  { slug: 'home-lifestyle', name: 'Home & Lifestyle' },
  { slug: 'medicine', name: 'Medicine' },
  { slug: 'sports-outdoor', name: 'Sports & Outdoor' },
  { slug: 'babys-toys', name: "Baby's & Toys" },
  { slug: 'groceries-pets', name: 'Groceries & Pets' },
  { slug: 'health-beauty', name: 'Health & Beauty' },
  { slug: 'phones', name: 'Phones' },
  { slug: 'computers', name: 'Computers' },
  { slug: 'smartwatch', name: 'SmartWatch' },
  { slug: 'camera', name: 'Camera' },
  { slug: 'headphones', name: 'HeadPhones' },
  { slug: 'gaming', name: 'Gaming' },
];

export const demoProducts: DemoProduct[] = [
  // Woman's Fashion
  p(
    'womens-fashion',
    'Linen Wrap Midi Dress',
    'Breathable washed linen in an easy wrap silhouette with a self-tie waist and flutter sleeves. Lined to the hip and cut to fall just below the knee.',
    { price: 5499, was: 7999, stock: 42, rating: [4.6, 312], sales: 1840, days: 96 },
    art('dress', '#f4f1ec', '#c8a27a', '#6b4f3a', 0),
    { colours: ['#c8a27a', '#2f3e46', '#e9e4dc'], sizes: WOMEN_SIZES },
  ),
  p(
    'womens-fashion',
    'Floral Tiered Maxi Dress',
    'A floaty tiered maxi in a soft ditsy floral print, with a smocked bodice and adjustable straps. Lightweight viscose that packs well for summer trips.',
    { price: 6999, stock: 60, rating: [0, 0], sales: 3, days: 2 },
    art('dress', '#f5eef3', '#d98ca6', '#5e7d4f', 1),
    { colours: ['#d98ca6', '#7fa2c9', '#f2d27c'], sizes: WOMEN_SIZES },
  ),
  p(
    'womens-fashion',
    'Pleated Satin Slip Dress',
    'A fluid bias-cut slip dress in liquid satin with a finely pleated skirt and adjustable spaghetti straps. Dress it up with heels or layer a knit over it for daytime.',
    { price: 6400, stock: 0, rating: [4.4, 186], sales: 920, days: 210 },
    art('dress', '#f0f0f3', '#1f2a44', '#b8a1d9', 2),
    { colours: ['#1f2a44', '#8a3b4f', '#d9c7a7'], sizes: WOMEN_SIZES },
  ),
  p(
    'womens-fashion',
    'Ribbed Cotton Crop Tee',
    "A fitted crop tee in stretchy ribbed organic cotton with a flattering scoop neck. The kind of everyday basic you'll want in every colour.",
    { price: 1899, stock: 180, rating: [4.3, 655], sales: 4120, days: 340 },
    art('tshirt', '#fdf1ee', '#e4a9a0', '#b5584a', 0),
    { colours: ['#e4a9a0', '#1c1c1c', '#f7f5f0', '#9bb59a'], sizes: WOMEN_SIZES },
  ),
  p(
    'womens-fashion',
    'Quilted Puffer Jacket',
    'A lightweight puffer with recycled insulation, a stand collar, two-way zip and deep zipped pockets. Water-repellent finish, and it packs into its own pouch.',
    { price: 8999, was: 12999, stock: 75, rating: [4.7, 428], sales: 2210, days: 58 },
    art('jacket', '#eef2f6', '#2e3b55', '#c9d3e0', 0),
    { colours: ['#2e3b55', '#1c1c1c', '#c2b280'], sizes: WOMEN_SIZES, flash: true },
  ),
  p(
    'womens-fashion',
    'Oversized Denim Jacket',
    'A relaxed, dropped-shoulder trucker jacket in mid-wash rigid denim that softens with every wear. Chest flap pockets and tonal stitching.',
    { price: 5999, stock: 54, rating: [4.5, 233], sales: 1105, days: 150 },
    art('jacket', '#eaf3f7', '#5b7fa6', '#d7e3ee', 1),
    { colours: ['#5b7fa6', '#2b3a55', '#f0ede6'], sizes: WOMEN_SIZES },
  ),
  p(
    'womens-fashion',
    'Block Heel Ankle Boots',
    'Soft faux-suede ankle boots on a stable 6 cm block heel, with a side zip and cushioned insole. Comfortable enough for a full day on your feet.',
    { price: 7999, was: 9999, stock: 38, rating: [4.2, 174], sales: 640, days: 120 },
    art('shoe', '#f4f1ec', '#6b4a3a', '#d9b99b', 0),
    { colours: ['#6b4a3a', '#1c1c1c', '#b9a48f'], sizes: WOMEN_SHOE_SIZES },
  ),
  p(
    'womens-fashion',
    'Everyday Knit Sneakers',
    'Breathable one-piece knit uppers on a lightweight foam sole, and the whole shoe is machine washable. A comfortable slip-on for errands, travel and long walks.',
    { price: 4999, stock: 120, rating: [4.4, 512], sales: 2980, days: 260 },
    art('shoe', '#f0f0f3', '#c9c3d9', '#6c6391', 1),
    { colours: ['#c9c3d9', '#2b2b2b', '#f1ede4'], sizes: WOMEN_SHOE_SIZES },
  ),
  p(
    'womens-fashion',
    'Leather Crossbody Bag',
    'A compact crossbody in pebbled genuine leather with an adjustable strap and gold-tone hardware. Fits a phone, cardholder and keys with room to spare.',
    { price: 7450, stock: 64, rating: [4.6, 389], sales: 1760, days: 185 },
    art('handbag', '#fbf4e6', '#a0522d', '#e8c99b', 0),
    { colours: ['#a0522d', '#1c1c1c', '#e5d3b3'] },
  ),
  p(
    'womens-fashion',
    'Woven Straw Beach Tote',
    'A roomy hand-woven straw tote with leather handles and a cotton-lined interior. Big enough for a towel, sunscreen and a paperback.',
    { price: 3499, stock: 88, rating: [4.1, 97], sales: 430, days: 45 },
    art('handbag', '#fbf4e6', '#d6b77a', '#7a5c3e', 1),
    { colours: ['#d6b77a', '#2f2f2f'] },
  ),

  // Men's Fashion
  p(
    'mens-fashion',
    'Classic Crew Neck Tee 3-Pack',
    'Three midweight cotton tees with a tailored-but-not-tight fit and a collar that keeps its shape wash after wash.',
    { price: 2499, stock: 200, rating: [4.5, 874], sales: 4870, days: 390 },
    art('tshirt', '#eef2f6', '#2e3b55', '#c9d3e0', 1),
    { colours: ['#2e3b55', '#1c1c1c', '#8e9aa6', '#f7f5f0'], sizes: MEN_SIZES },
  ),
  p(
    'mens-fashion',
    'Cotton Pique Polo Shirt',
    'A breathable cotton piqué polo with a two-button placket and ribbed collar. Smart enough for the office, relaxed enough for the weekend.',
    { price: 3299, stock: 140, rating: [4.3, 301], sales: 1650, days: 230 },
    art('tshirt', '#edf4ef', '#2f6b4f', '#cfe3d6', 2),
    { colours: ['#2f6b4f', '#f7f5f0', '#1f2a44'], sizes: MEN_SIZES },
  ),
  p(
    'mens-fashion',
    'Waxed Cotton Field Jacket',
    'A rugged four-pocket field jacket in waxed cotton with a corduroy collar and tartan lining. Shrugs off drizzle and only gets better with age.',
    { price: 11900, stock: 0, rating: [4.8, 142], sales: 515, days: 300 },
    art('jacket', '#f4f1ec', '#5a5a3c', '#b08d57', 2),
    { colours: ['#5a5a3c', '#3b2f2a'], sizes: MEN_SIZES },
  ),
  p(
    'mens-fashion',
    'Lightweight Rain Shell',
    'A packable waterproof shell with fully taped seams, an adjustable hood and pit zips for ventilation. Weighs under 300 g.',
    { price: 7999, stock: 90, rating: [4.6, 18], sales: 64, days: 13 },
    art('jacket', '#eaf3f7', '#c0392b', '#f3c9c3', 3),
    { colours: ['#c0392b', '#1f2a44', '#4a5a3c'], sizes: MEN_SIZES },
  ),
  p(
    'mens-fashion',
    'Heavyweight Fleece Hoodie',
    'A boxy hoodie in heavyweight brushed-back fleece with a double-layer hood and kangaroo pocket. Garment-dyed for a soft, lived-in feel.',
    { price: 4999, was: 6499, stock: 110, rating: [4.7, 540], sales: 3320, days: 160 },
    art('jacket', '#f0f0f3', '#8e9aa6', '#3b4450', 0),
    { colours: ['#8e9aa6', '#1c1c1c', '#6b4a3a'], sizes: MEN_SIZES },
  ),
  p(
    'mens-fashion',
    'Merino Wool Quarter-Zip Sweater',
    'Fine-gauge merino that regulates temperature and resists odour, with a mock neck and metal zip. Layers neatly under a blazer or overcoat.',
    { price: 8900, stock: 48, rating: [4.5, 156], sales: 610, days: 80 },
    art('jacket', '#f5eef3', '#6d2e46', '#e3c7d1', 1),
    { colours: ['#6d2e46', '#2e3b55', '#8e9aa6'], sizes: MEN_SIZES },
  ),
  p(
    'mens-fashion',
    'Leather Chelsea Boots',
    'Classic Chelsea boots in full-grain leather with elastic side gussets and a welted rubber sole. Built to be resoled for years of wear.',
    { price: 12999, was: 15999, stock: 3, rating: [4.7, 268], sales: 790, days: 275 },
    art('shoe', '#fbf4e6', '#5b3a29', '#c79a6b', 2),
    { colours: ['#5b3a29', '#1c1c1c'], sizes: MEN_SHOE_SIZES },
  ),
  p(
    'mens-fashion',
    'Suede Low-Top Sneakers',
    'Minimal low-top sneakers in soft suede with a padded collar and a grippy gum sole. Pairs with everything from chinos to denim.',
    { price: 6999, stock: 72, rating: [4.3, 205], sales: 980, days: 110 },
    art('shoe', '#f4f1ec', '#8a7b6a', '#d1b48c', 3),
    { colours: ['#8a7b6a', '#1f2a44', '#f2eee6'], sizes: MEN_SHOE_SIZES },
  ),
  p(
    'mens-fashion',
    'Full-Grain Leather Messenger Bag',
    'A structured messenger bag with a padded 15-inch laptop sleeve, brass buckles and an adjustable shoulder strap. The leather develops a rich patina over time.',
    { price: 14900, was: 18900, stock: 26, rating: [4.6, 121], sales: 340, days: 200 },
    art('handbag', '#fbf4e6', '#7b4a2b', '#d8b48a', 2),
    { colours: ['#7b4a2b', '#1c1c1c'] },
  ),
  p(
    'mens-fashion',
    'Canvas Roll-Top Backpack',
    'A water-resistant waxed canvas backpack with a padded laptop sleeve and magnetic-clasp straps. The roll-top expands from 20 to 26 litres.',
    { price: 8499, stock: 57, rating: [4.4, 198], sales: 720, days: 140 },
    art('handbag', '#edf4ef', '#3c4a3e', '#c2b280', 3),
    { colours: ['#3c4a3e', '#1c1c1c', '#c2b280'] },
  ),

  // Electronics
  p(
    'electronics',
    'Portable Bluetooth Speaker',
    'Room-filling 360° sound in a rugged IP67 waterproof shell that even floats. Up to 20 hours of playback, and it pairs with a second speaker for stereo.',
    { price: 4999, was: 7999, stock: 150, rating: [4.6, 812], sales: 4650, days: 230 },
    art('speaker', '#eaf3f7', '#1f6f8b', '#9bd3e0', 0),
    { colours: ['#1f6f8b', '#1c1c1c', '#e4572e'], flash: true },
  ),
  p(
    'electronics',
    '55-Inch 4K UHD Smart TV',
    'A 55-inch 4K panel with HDR10+ support, slim bezels and all your streaming apps built in. Game mode cuts input lag to under 10 ms.',
    { price: 42999, was: 54999, stock: 34, rating: [4.4, 467], sales: 1380, days: 175 },
    art('monitor', '#f0f0f3', '#1c1c1c', '#4a90d9', 0),
    { flash: true },
  ),
  p(
    'electronics',
    'Soundbar with Wireless Subwoofer',
    'A 3.1-channel soundbar with a dedicated centre channel for crisp dialogue and a wireless subwoofer for deep bass. Connects over HDMI eARC, optical or Bluetooth.',
    { price: 27999, stock: 41, rating: [4.5, 233], sales: 690, days: 150 },
    art('speaker', '#f0f0f3', '#2b2b2b', '#7a7a7a', 1),
  ),
  p(
    'electronics',
    'Smart Speaker with Voice Assistant',
    'A compact smart speaker with far-field microphones, rich 360° audio and a physical mic-off switch. Control lights, timers and music hands-free.',
    { price: 5999, stock: 130, rating: [4.2, 598], sales: 3010, days: 320 },
    art('speaker', '#f4f1ec', '#8e9aa6', '#3b4450', 2),
    { colours: ['#8e9aa6', '#1c1c1c', '#f2eee6'] },
  ),
  p(
    'electronics',
    'Smart Wi-Fi LED Bulb 4-Pack',
    'Dimmable, colour-changing bulbs that connect straight to your Wi-Fi, no hub required. Set schedules and scenes from the app or by voice.',
    { price: 3999, was: 4999, stock: 160, rating: [4.3, 702], sales: 3890, days: 280 },
    art('lamp', '#fbf4e6', '#f2c14e', '#e4572e', 0),
  ),
  p(
    'electronics',
    '4K Streaming Media Stick',
    "Stream in 4K HDR from every major service, with a voice remote that also controls your TV's power and volume.",
    { price: 4999, stock: 95, rating: [4.5, 655], sales: 2760, days: 365 },
    art('monitor', '#eef2f6', '#2b2b2b', '#8a63d2', 1),
  ),
  p(
    'electronics',
    '10-Inch Digital Photo Frame',
    'Send photos to the frame straight from your phone over Wi-Fi. The anti-glare IPS screen auto-rotates and adjusts its brightness to the room.',
    { price: 10999, stock: 60, rating: [4.6, 188], sales: 540, days: 95 },
    art('monitor', '#f4f1ec', '#3b2f2a', '#9bc1bc', 2),
  ),
  p(
    'electronics',
    '6.8-Inch E-Reader with Warm Light',
    'A glare-free 300 ppi e-ink display with adjustable warm light, weeks of battery life and waterproofing for reading in the bath.',
    { price: 13999, stock: 70, rating: [4.7, 421], sales: 1520, days: 250 },
    art('phone', '#edf4ef', '#2b2b2b', '#9bb59a', 3),
  ),
  p(
    'electronics',
    '20,000mAh USB-C Power Bank',
    'Charge a phone four times over or top up a laptop with 65 W USB-C Power Delivery. A digital display shows exactly how much charge is left.',
    { price: 4599, stock: 140, rating: [4.5, 377], sales: 2350, days: 190 },
    art('phone', '#f0f0f3', '#1c1c1c', '#2fbf71', 2),
  ),

  // Home & Lifestyle
  p(
    'home-lifestyle',
    'Mid-Century Accent Chair',
    'Walnut-stained solid wood legs, a gently curved back and a deep seat upholstered in textured bouclé. Arrives fully assembled.',
    { price: 18900, was: 24900, stock: 22, rating: [4.5, 143], sales: 410, days: 130 },
    art('chair', '#f4f1ec', '#c8a27a', '#5b3a29', 0),
    { colours: ['#c8a27a', '#f2eee6', '#2f6b4f'] },
  ),
  p(
    'home-lifestyle',
    'Three-Seat Linen Sofa',
    'A deep-seated three-seater with feather-wrapped cushions and removable, washable linen-blend covers. Kiln-dried hardwood frame with a 10-year warranty.',
    { price: 89900, was: 109900, stock: 2, rating: [4.7, 64], sales: 120, days: 220 },
    art('sofa', '#f4f1ec', '#b9a48f', '#5b4636', 0),
    { colours: ['#b9a48f', '#5a5a3c', '#8e9aa6'] },
  ),
  p(
    'home-lifestyle',
    'Velvet Two-Seat Loveseat',
    'A compact loveseat in plush performance velvet with channel-tufted back cushions and brass-capped legs. Ideal for apartments and reading nooks.',
    { price: 54900, stock: 15, rating: [4.4, 88], sales: 190, days: 170 },
    art('sofa', '#edf4ef', '#2f6b4f', '#d4af37', 1),
    { colours: ['#2f6b4f', '#6d2e46', '#1f2a44'] },
  ),
  p(
    'home-lifestyle',
    'Ergonomic Mesh Office Chair',
    'A breathable mesh back with adjustable lumbar support, 3D armrests and a synchronised tilt mechanism. Built for all-day sitting and rated to 300 lb.',
    { price: 24999, was: 29999, stock: 45, rating: [4.4, 530], sales: 1880, days: 260 },
    art('chair', '#f0f0f3', '#2b2b2b', '#8e9aa6', 1),
  ),
  p(
    'home-lifestyle',
    'Arc Floor Lamp',
    'A sweeping brushed-brass arc with a linen drum shade that reaches over a sofa or reading chair. Foot-switch dimmer with three brightness levels.',
    { price: 15900, stock: 30, rating: [4.3, 97], sales: 260, days: 75 },
    art('lamp', '#fbf4e6', '#c9a227', '#f2eee6', 1),
  ),
  p(
    'home-lifestyle',
    'Rattan Table Lamp',
    'A hand-woven natural rattan shade on a ceramic base that casts a warm, patterned glow. Includes an energy-saving LED bulb.',
    { price: 6900, stock: 52, rating: [4.6, 211], sales: 780, days: 40 },
    art('lamp', '#f4f1ec', '#c8a27a', '#7a5c3e', 2),
  ),
  p(
    'home-lifestyle',
    'Stoneware Mug Set of 4',
    'Four 14 oz stoneware mugs in a reactive glaze, so each one is subtly unique. Microwave and dishwasher safe.',
    { price: 3600, stock: 118, rating: [4.8, 402], sales: 2140, days: 310 },
    art('mug', '#eaf3f7', '#4f6d8a', '#c9d3e0', 0),
    { colours: ['#4f6d8a', '#d9c7a7', '#2f6b4f'] },
  ),
  p(
    'home-lifestyle',
    'Salt & Pepper Grinder Set',
    'Adjustable ceramic burrs grind from fine to coarse, housed in brushed stainless steel with a glass window. They refill from the top, so there is no mess on the counter.',
    { price: 2999, stock: 96, rating: [4.5, 356], sales: 1970, days: 145 },
    art('mug', '#f0f0f3', '#9aa3ab', '#2b2b2b', 3),
  ),
  p(
    'home-lifestyle',
    'Double-Wall Glass Coffee Cups',
    "A pair of hand-blown borosilicate cups that keep drinks hot and hands cool. The double wall makes your latte look like it's floating.",
    { price: 2499, stock: 140, rating: [4.4, 268], sales: 1390, days: 90 },
    art('mug', '#fbf4e6', '#a7c4d4', '#6b4a3a', 1),
  ),

  // Medicine
  p(
    'medicine',
    'Vitamin D3 2000 IU Softgels',
    'High-potency vitamin D3 in easy-to-swallow softgels to support bones, teeth and immune health. A one-a-day, full-year supply.',
    { price: 1299, stock: 200, rating: [4.8, 861], sales: 4980, days: 395 },
    art('pill-bottle', '#fbf4e6', '#f2a541', '#7a4a12', 0),
  ),
  p(
    'medicine',
    'Daily Multivitamin, 120 Tablets',
    'A complete daily multivitamin with 23 essential vitamins and minerals, including B12, zinc and iron. Vegetarian, gluten-free and free from artificial colours.',
    { price: 1899, was: 2499, stock: 165, rating: [4.5, 540], sales: 3280, days: 300 },
    art('pill-bottle', '#edf4ef', '#2f9e6b', '#e3f2ea', 1),
  ),
  p(
    'medicine',
    'Ibuprofen 200 mg Pain Relief Tablets, 100 Count',
    'Fast, effective relief from headaches, muscle aches, back pain and fever. Film-coated tablets that are easy to swallow.',
    { price: 899, stock: 190, rating: [4.7, 712], sales: 4410, days: 380 },
    art('pill-bottle', '#fdf1ee', '#d9534f', '#ffffff', 2),
  ),
  p(
    'medicine',
    'Omega-3 Fish Oil 1000 mg',
    'Molecularly distilled fish oil rich in EPA and DHA to support heart and brain health. Lemon-flavoured softgels with no fishy aftertaste.',
    { price: 2199, stock: 120, rating: [4.4, 329], sales: 1760, days: 210 },
    art('pill-bottle', '#eaf3f7', '#f2c14e', '#1f6f8b', 3),
  ),
  p(
    'medicine',
    'Non-Drowsy Allergy Relief, 10 mg',
    'All-day relief from sneezing, a runny nose and itchy, watery eyes caused by hay fever and pet allergies. Just one small tablet a day.',
    { price: 1499, was: 1899, stock: 4, rating: [4.6, 287], sales: 1290, days: 160 },
    art('pill-bottle', '#f5eef3', '#8a63d2', '#efe7fb', 0),
  ),
  p(
    'medicine',
    '100-Piece First Aid Kit',
    'A compact kit stocked with bandages, gauze, antiseptic wipes, scissors and a CPR face shield. Belongs in every car, kitchen and backpack.',
    { price: 2499, stock: 85, rating: [4.7, 455], sales: 2620, days: 270 },
    art('first-aid', '#fdf1ee', '#d7263d', '#ffffff', 0),
  ),
  p(
    'medicine',
    'Digital Forehead Thermometer',
    'A contactless infrared thermometer that reads in one second, with a fever alarm and a silent mode for checking on sleeping kids.',
    { price: 2999, stock: 76, rating: [4.3, 398], sales: 1840, days: 240 },
    art('first-aid', '#eaf3f7', '#2f80ed', '#ffffff', 1),
  ),
  p(
    'medicine',
    'Upper Arm Blood Pressure Monitor',
    'Clinically validated readings at the touch of a button, with irregular heartbeat detection and memory for two users. Comes with a wide-range cuff and carry case.',
    { price: 4999, stock: 40, rating: [4.5, 263], sales: 980, days: 190 },
    art('first-aid', '#edf4ef', '#2b2b2b', '#2fbf71', 2),
  ),
  p(
    'medicine',
    'Hydrocortisone 1% Anti-Itch Cream',
    'Maximum-strength relief for itching and redness from insect bites, rashes and eczema. Fragrance-free and enriched with soothing aloe.',
    { price: 799, stock: 150, rating: [4.6, 191], sales: 1120, days: 330 },
    art('cream-jar', '#f0f0f3', '#4f9dde', '#e3eef9', 0),
  ),
  p(
    'medicine',
    'Antiseptic Wound Spray',
    'A no-sting antiseptic spray that cleans cuts, scrapes and minor burns to help prevent infection. Works upside down for hard-to-reach spots.',
    { price: 699, stock: 130, rating: [4.4, 146], sales: 860, days: 205 },
    art('first-aid', '#fbf4e6', '#2f9e6b', '#ffffff', 3),
  ),

  // Sports & Outdoor
  p(
    'sports-outdoor',
    'Adjustable Dumbbell Pair, 5–52.5 lb',
    'Replace a whole rack of weights: turn the dial to select anything from 5 to 52.5 lb in seconds. Sold as a pair with moulded storage trays.',
    { price: 29999, was: 39999, stock: 28, rating: [4.7, 612], sales: 2840, days: 290 },
    art('dumbbell', '#f0f0f3', '#2b2b2b', '#e4572e', 0),
    { flash: true },
  ),
  p(
    'sports-outdoor',
    'Hex Rubber Dumbbell Set',
    "Rubber-coated hex heads won't roll away or scuff your floor, and knurled chrome handles give a secure grip. Includes 5, 10 and 15 lb pairs.",
    { price: 11999, stock: 50, rating: [4.6, 188], sales: 720, days: 210 },
    art('dumbbell', '#f4f1ec', '#1c1c1c', '#c0392b', 1),
  ),
  p(
    'sports-outdoor',
    'Cast Iron Kettlebell, 16 kg',
    'A single-piece cast iron kettlebell with a wide, smooth handle for swings, snatches and goblet squats.',
    { price: 5499, stock: 65, rating: [4.8, 241], sales: 1030, days: 180 },
    art('dumbbell', '#edf4ef', '#2b2b2b', '#2fbf71', 2),
  ),
  p(
    'sports-outdoor',
    'Official Size 5 Soccer Ball',
    'Thermally bonded panels give a true flight and a consistent touch, and the butyl bladder holds its air for weeks. Match quality for training and weekend games.',
    { price: 2999, stock: 140, rating: [4.5, 366], sales: 2410, days: 350 },
    art('ball', '#edf4ef', '#1c1c1c', '#f2c14e', 0),
  ),
  p(
    'sports-outdoor',
    'Indoor/Outdoor Composite Basketball',
    'A durable composite leather basketball with deep channels for grip and control on any court. Official size 7.',
    { price: 3499, stock: 110, rating: [4.6, 299], sales: 1620, days: 260 },
    art('ball', '#fdf1ee', '#e07a2f', '#3b2f2a', 1),
  ),
  p(
    'sports-outdoor',
    'Ultralight 2-Person Backpacking Tent',
    'A freestanding two-door tent weighing just 1.6 kg, with a fully taped fly and two vestibules for gear. Pitches in under five minutes.',
    { price: 27999, stock: 36, rating: [4.7, 174], sales: 460, days: 140 },
    art('tent', '#edf4ef', '#d9822b', '#5a5a3c', 0),
  ),
  p(
    'sports-outdoor',
    '6-Person Instant Cabin Tent',
    'Pre-attached poles let you pitch this roomy cabin tent in about 60 seconds. Fits two queen air mattresses, with a room divider and rainfly included.',
    { price: 21999, was: 27999, stock: 24, rating: [4.3, 203], sales: 530, days: 100 },
    art('tent', '#eaf3f7', '#3c6e47', '#c2b280', 1),
  ),
  p(
    'sports-outdoor',
    'Aluminium Hybrid Bike',
    'A light aluminium frame, a 24-speed drivetrain and hydraulic disc brakes make this an easy commuter and a capable weekend trail bike.',
    { price: 64999, was: 74999, stock: 5, rating: [4.5, 112], sales: 260, days: 200 },
    art('bicycle', '#f0f0f3', '#1f6f8b', '#f2c14e', 0),
    { colours: ['#1f6f8b', '#1c1c1c', '#c0392b'] },
  ),
  p(
    'sports-outdoor',
    'Trail Running Shoes',
    'Aggressive 5 mm lugs and a rock plate handle technical terrain, while a responsive foam midsole keeps long runs comfortable. Breathable, quick-drying mesh upper.',
    { price: 11999, stock: 80, rating: [4.6, 344], sales: 1480, days: 65 },
    art('shoe', '#eaf3f7', '#2f80ed', '#f2c14e', 0),
    { colours: ['#2f80ed', '#1c1c1c', '#e4572e'], sizes: UNISEX_SHOE_SIZES },
  ),
  p(
    'sports-outdoor',
    'Insulated Steel Water Bottle, 32 oz',
    'Double-wall vacuum insulation keeps drinks cold for 24 hours or hot for 12. Leak-proof lid and a powder-coated, sweat-free grip.',
    { price: 3499, was: 4499, stock: 175, rating: [4.7, 689], sales: 3540, days: 215 },
    art('mug', '#edf4ef', '#2f6b4f', '#e3f2ea', 2),
    { colours: ['#2f6b4f', '#1c1c1c', '#e4a9a0', '#4f6d8a'] },
  ),

  // Baby's & Toys
  p(
    'babys-toys',
    'Classic Plush Teddy Bear, 16-Inch',
    'An extra-soft, huggable bear with embroidered eyes and a satin bow, safe from birth. Surface washable.',
    { price: 2499, stock: 130, rating: [4.9, 512], sales: 2890, days: 330 },
    art('teddy', '#fbf4e6', '#b5835a', '#f2d6b3', 0),
  ),
  p(
    'babys-toys',
    'Snuggle Bunny Plush',
    'A floppy-eared bunny in velvety plush with a crinkly tummy that little hands love. The perfect first cuddly toy, and machine washable.',
    { price: 1899, stock: 95, rating: [4.8, 221], sales: 1340, days: 120 },
    art('teddy', '#f5eef3', '#d9b7c4', '#8a5a6a', 1),
  ),
  p(
    'babys-toys',
    'Wooden Stacking Blocks, 50 Pieces',
    'Smooth-sanded beechwood blocks in bright, water-based colours that are safe for little hands. Comes in a pull-along wagon for easy tidying.',
    { price: 3299, stock: 70, rating: [4.7, 288], sales: 1210, days: 240 },
    art('blocks', '#fbf4e6', '#e4572e', '#2f80ed', 0),
  ),
  p(
    'babys-toys',
    'Magnetic Building Tiles, 60 Pieces',
    'Clear, colourful tiles with strong magnets that click together into towers, rockets and castles. Great for early STEM play and shape recognition.',
    { price: 4999, stock: 48, rating: [4.8, 31], sales: 96, days: 11 },
    art('blocks', '#eaf3f7', '#2f80ed', '#f2c14e', 1),
  ),
  p(
    'babys-toys',
    'Fire Station Building Brick Set',
    'A 742-piece set with a fire station, fire truck, helicopter and four mini figures. Compatible with all major building brick brands.',
    { price: 6999, was: 8999, stock: 0, rating: [4.7, 190], sales: 870, days: 150 },
    art('blocks', '#fdf1ee', '#d7263d', '#f2c14e', 2),
  ),
  p(
    'babys-toys',
    'Shape Sorter Activity Cube',
    'Five sides of play: a shape sorter, bead maze, gears, spinning rollers and a peekaboo mirror. Solid wood, for ages 12 months and up.',
    { price: 3999, stock: 44, rating: [4.5, 98], sales: 380, days: 270 },
    art('blocks', '#edf4ef', '#2fbf71', '#f2c14e', 3),
  ),
  p(
    'babys-toys',
    'Lightweight Travel Stroller',
    'Folds with one hand into a compact package that fits in overhead bins. Reclining seat, five-point harness and an extendable UPF 50+ canopy.',
    { price: 19999, was: 24999, stock: 33, rating: [4.6, 205], sales: 640, days: 180 },
    art('stroller', '#f0f0f3', '#2b2b2b', '#c9d3e0', 0),
    { colours: ['#2b2b2b', '#4f6d8a', '#b9a48f'] },
  ),
  p(
    'babys-toys',
    'All-Terrain Jogging Stroller',
    'Air-filled tyres, all-wheel suspension and a locking front wheel handle trails and cracked pavements with ease. Includes a hand brake and wrist strap.',
    { price: 39900, stock: 14, rating: [4.5, 76], sales: 190, days: 230 },
    art('stroller', '#edf4ef', '#3c6e47', '#1c1c1c', 1),
    { colours: ['#3c6e47', '#1c1c1c'] },
  ),
  p(
    'babys-toys',
    "Kids' Balance Bike",
    'A pedal-free first bike with an adjustable seat and handlebars and puncture-proof tyres, for ages 2 to 5. Builds balance and confidence before moving on to pedals.',
    { price: 7999, stock: 58, rating: [4.7, 163], sales: 710, days: 90 },
    art('bicycle', '#fdf1ee', '#e4572e', '#2b2b2b', 1),
    { colours: ['#e4572e', '#2f80ed', '#2fbf71'] },
  ),
  p(
    'babys-toys',
    'Organic Cotton Baby Bodysuit 5-Pack',
    'Soft certified-organic cotton bodysuits with envelope shoulders and nickel-free snaps for quick changes.',
    { price: 2999, was: 3499, stock: 120, rating: [4.8, 377], sales: 2230, days: 200 },
    art('tshirt', '#f4f1ec', '#d8c7b0', '#7a5c3e', 3),
    { colours: ['#d8c7b0', '#9bb59a', '#c9d3e0'], sizes: BABY_SIZES },
  ),

  // Groceries & Pets
  p(
    'groceries-pets',
    'Ethiopian Yirgacheffe Whole Bean Coffee, 12 oz',
    'A washed single-origin light roast with bright notes of jasmine, bergamot and lemon. Roasted in small batches and shipped within days.',
    { price: 1699, stock: 150, rating: [4.7, 434], sales: 2870, days: 180 },
    art('coffee-bag', '#fbf4e6', '#8b5a2b', '#f2c14e', 0),
  ),
  p(
    'groceries-pets',
    'Dark Roast Ground Coffee, 2 lb',
    'A bold, smoky blend with notes of dark chocolate and toasted walnut, ground for drip machines and French press.',
    { price: 1999, was: 2499, stock: 185, rating: [4.5, 602], sales: 4210, days: 310 },
    art('coffee-bag', '#f4f1ec', '#3b2f2a', '#c8a27a', 1),
  ),
  p(
    'groceries-pets',
    'Cold Brew Coffee Packs, 12 Count',
    'Pre-measured filter packs for smooth, low-acid cold brew: just steep one overnight in a jug of water. Each pack makes about 32 oz of concentrate.',
    { price: 2299, stock: 90, rating: [0, 0], sales: 5, days: 1 },
    art('coffee-bag', '#eaf3f7', '#1f2a44', '#9bd3e0', 2),
  ),
  p(
    'groceries-pets',
    'Organic Green Tea, 100 Bags',
    'Delicate, grassy organic sencha in plastic-free tea bags. Steep for two minutes just below boiling for the sweetest cup.',
    { price: 1299, stock: 140, rating: [4.6, 280], sales: 1580, days: 260 },
    art('coffee-bag', '#edf4ef', '#5e7d4f', '#e3f2ea', 3),
  ),
  p(
    'groceries-pets',
    'Roasted Mixed Nuts, 2 lb',
    'Almonds, cashews, pecans and pistachios, lightly roasted and sea-salted. Packed in a resealable bag to keep them crunchy.',
    { price: 1599, stock: 110, rating: [4.6, 355], sales: 2390, days: 200 },
    art('coffee-bag', '#fbf4e6', '#c79a6b', '#5b3a29', 0),
  ),
  p(
    'groceries-pets',
    'Raw Wildflower Honey, 16 oz',
    'Unfiltered raw honey from small family apiaries, with a rich floral flavour that changes with the seasons. Natural crystallisation is a sign of quality.',
    { price: 1199, stock: 95, rating: [4.8, 247], sales: 1360, days: 150 },
    art('cream-jar', '#fbf4e6', '#e0a526', '#7a4a12', 1),
  ),
  p(
    'groceries-pets',
    'Grain-Free Salmon Dry Dog Food, 24 lb',
    'Real salmon is the first ingredient, with sweet potato and peas for easy digestion and omega fatty acids for a shiny coat.',
    { price: 6499, was: 7499, stock: 60, rating: [4.6, 518], sales: 2950, days: 340 },
    art('pet-bowl', '#eaf3f7', '#e07a5f', '#3d405b', 0),
  ),
  p(
    'groceries-pets',
    'Stainless Steel Pet Bowl Set',
    "Two rust-resistant steel bowls in a raised bamboo stand that's easier on your pet's neck. Dishwasher safe, with a non-slip base.",
    { price: 2499, stock: 125, rating: [4.5, 301], sales: 1690, days: 230 },
    art('pet-bowl', '#f4f1ec', '#9aa3ab', '#c8a27a', 1),
  ),
  p(
    'groceries-pets',
    'Automatic Pet Feeder with Timer',
    'Schedule up to six meals a day with portions as small as 10 g, and record a voice message to call your pet to dinner. Battery backup keeps meals coming in a power cut.',
    { price: 7999, was: 9999, stock: 37, rating: [4.3, 176], sales: 620, days: 110 },
    art('pet-bowl', '#f0f0f3', '#4f6d8a', '#f2c14e', 2),
  ),
  p(
    'groceries-pets',
    'Freeze-Dried Chicken Cat Treats',
    "Single-ingredient, freeze-dried chicken breast that even fussy cats can't resist. No grains, fillers or preservatives.",
    { price: 899, stock: 170, rating: [4.8, 433], sales: 3120, days: 125 },
    art('pet-bowl', '#fdf1ee', '#d98c5f', '#5b3a29', 3),
  ),

  // Health & Beauty
  p(
    'health-beauty',
    'Velvet Matte Lipstick',
    "A creamy, long-wearing matte formula that glides on in one stroke and won't dry out lips. Enriched with shea butter and vitamin E.",
    { price: 1499, was: 2199, stock: 160, rating: [4.5, 688], sales: 3760, days: 200 },
    art('lipstick', '#fdf1ee', '#b0243a', '#f2c9c9', 0),
    { colours: ['#b0243a', '#c96f6f', '#8a3b4f', '#e07a5f'], flash: true },
  ),
  p(
    'health-beauty',
    'Tinted Lip Balm Trio',
    'Three sheer, buildable tints that hydrate with jojoba oil and protect with SPF 15. Pocket-sized for touch-ups on the go.',
    { price: 1299, stock: 120, rating: [4.4, 245], sales: 1480, days: 140 },
    art('lipstick', '#f5eef3', '#d98ca6', '#8a3b4f', 1),
  ),
  p(
    'health-beauty',
    'Amber Noir Eau de Parfum, 50 ml',
    'A warm, sensual fragrance that opens with pink pepper and saffron before settling into amber, vanilla and smoky oud.',
    { price: 8900, stock: 4, rating: [4.7, 162], sales: 480, days: 160 },
    art('perfume', '#fbf4e6', '#b5651d', '#3b2f2a', 0),
  ),
  p(
    'health-beauty',
    'Cedar & Vetiver Eau de Toilette, 100 ml',
    'A fresh, woody scent with bergamot, crisp cedarwood and earthy vetiver. Long-lasting without being overpowering.',
    { price: 6900, was: 8500, stock: 55, rating: [4.5, 207], sales: 760, days: 230 },
    art('perfume', '#edf4ef', '#3c6e47', '#c8a27a', 1),
  ),
  p(
    'health-beauty',
    'Vitamin C Brightening Serum',
    'A 15% vitamin C serum with ferulic acid and vitamin E that brightens dull skin and fades dark spots. Lightweight, fast-absorbing and fragrance-free.',
    { price: 2800, stock: 100, rating: [0, 0], sales: 0, days: 0 },
    art('perfume', '#fbf4e6', '#f2a541', '#ffffff', 2),
  ),
  p(
    'health-beauty',
    'Rose Petal Body Mist',
    'A light, refreshing body mist with Damask rose and juicy pear that you can layer throughout the day.',
    { price: 1499, stock: 95, rating: [4.2, 98], sales: 510, days: 75 },
    art('perfume', '#fdf1ee', '#e4a9a0', '#8a3b4f', 3),
  ),
  p(
    'health-beauty',
    'Hyaluronic Acid Daily Moisturizer',
    'An oil-free gel-cream that floods skin with hydration and leaves a soft, dewy finish. Suitable for all skin types, including sensitive.',
    { price: 2400, was: 3000, stock: 140, rating: [4.6, 593], sales: 3380, days: 270 },
    art('cream-jar', '#eaf3f7', '#9bd3e0', '#1f6f8b', 0),
  ),
  p(
    'health-beauty',
    'Overnight Repair Night Cream',
    'A rich peptide and ceramide cream that works while you sleep to restore the skin barrier and smooth the look of fine lines.',
    { price: 3800, stock: 75, rating: [4.4, 188], sales: 890, days: 180 },
    art('cream-jar', '#f5eef3', '#6d2e46', '#e3c7d1', 1),
  ),
  p(
    'health-beauty',
    'Mineral Sunscreen SPF 50',
    'Broad-spectrum zinc oxide protection that blends in without a white cast. Reef-friendly and water-resistant for 80 minutes.',
    { price: 1999, stock: 130, rating: [4.3, 412], sales: 2690, days: 100 },
    art('cream-jar', '#fbf4e6', '#f2c14e', '#e07a2f', 2),
  ),
  p(
    'health-beauty',
    'Kaolin Clay Purifying Face Mask',
    'Draws out impurities and excess oil in 10 minutes, leaving pores visibly refined. Balanced with aloe so skin never feels tight.',
    { price: 1899, stock: 88, rating: [4.5, 156], sales: 720, days: 210 },
    art('cream-jar', '#edf4ef', '#9bb59a', '#3c6e47', 3),
  ),

  // Phones
  p(
    'phones',
    'Nova X12 Pro 256GB',
    'A 6.7-inch 120 Hz OLED display, a triple 50 MP camera with 5x optical zoom and all-day battery life in a titanium frame. Five years of software updates included.',
    { price: 99900, stock: 85, rating: [4.8, 47], sales: 320, days: 3 },
    art('phone', '#f0f0f3', '#4a4a4f', '#c9c3d9', 0),
    { colours: ['#4a4a4f', '#e8e3d9', '#2e3b55', '#c9c3d9'] },
  ),
  p(
    'phones',
    'Nova X12 128GB',
    'All the essentials of the X12 family: a bright 6.1-inch OLED screen, a dual 48 MP camera and fast wireless charging.',
    { price: 69900, was: 79900, stock: 120, rating: [4.6, 392], sales: 1680, days: 40 },
    art('phone', '#eaf3f7', '#7fa2c9', '#1f2a44', 1),
    { colours: ['#7fa2c9', '#1c1c1c', '#f7f5f0', '#d98ca6'] },
  ),
  p(
    'phones',
    'Orbit A54 5G, 128GB',
    'A big 6.4-inch AMOLED display, a 5000 mAh battery and a 50 MP main camera with optical stabilisation, all at a mid-range price.',
    { price: 34999, was: 44999, stock: 95, rating: [4.5, 714], sales: 3420, days: 210 },
    art('phone', '#f5eef3', '#b8a1d9', '#2b2b2b', 2),
    { colours: ['#b8a1d9', '#1c1c1c', '#9bd3e0'], flash: true },
  ),
  p(
    'phones',
    'Orbit A15, 64GB',
    'A dependable everyday phone with a 6.5-inch screen, two-day battery life and storage you can expand up to 1 TB.',
    { price: 17999, stock: 160, rating: [4.2, 518], sales: 2960, days: 330 },
    art('phone', '#edf4ef', '#2f6b4f', '#c9d3e0', 3),
    { colours: ['#2f6b4f', '#1c1c1c', '#e8e3d9'] },
  ),
  p(
    'phones',
    'Zenta Fold 2, 512GB',
    'Unfolds from a pocketable phone into a 7.6-inch tablet with a barely visible crease. Multitask with three apps side by side.',
    { price: 149900, stock: 0, rating: [4.3, 86], sales: 150, days: 120 },
    art('phone', '#f0f0f3', '#1c1c1c', '#8a63d2', 0),
    { colours: ['#1c1c1c', '#8e9aa6'] },
  ),
  p(
    'phones',
    'Kestrel P8 Pro',
    'Computational photography that turns night into day, with a 6.7-inch display, a 50 MP periscope zoom and seven years of security updates.',
    { price: 79900, stock: 70, rating: [4.6, 22], sales: 140, days: 9 },
    art('phone', '#fbf4e6', '#c2b280', '#2b2b2b', 1),
    { colours: ['#c2b280', '#1c1c1c', '#9bb59a'] },
  ),
  p(
    'phones',
    'Terra R5 Rugged Smartphone',
    'Military-grade drop protection, IP69 waterproofing and a 6000 mAh battery built for job sites and the outdoors. The touchscreen works with gloves on.',
    { price: 32999, was: 38999, stock: 40, rating: [4.4, 133], sales: 410, days: 250 },
    art('phone', '#f4f1ec', '#3b3b3b', '#f2a541', 2),
    { colours: ['#3b3b3b', '#4a5a3c'] },
  ),
  p(
    'phones',
    'Clear Shockproof Phone Case',
    'A slim, crystal-clear case with air-cushioned corners that absorb drops of up to 3 m, plus an anti-yellowing coating. Wireless charging compatible.',
    { price: 1599, stock: 200, rating: [4.4, 846], sales: 4890, days: 280 },
    art('phone', '#eaf3f7', '#c9d3e0', '#2f80ed', 3),
    { colours: ['#c9d3e0', '#1c1c1c', '#d98ca6'] },
  ),
  p(
    'phones',
    '65W GaN Fast Charger',
    'A compact three-port charger that fast-charges a phone, tablet and laptop at the same time. Foldable prongs make it easy to travel with.',
    { price: 3999, stock: 150, rating: [4.7, 397], sales: 2540, days: 170 },
    art('phone', '#f0f0f3', '#2b2b2b', '#2fbf71', 0),
  ),

  // Computers
  p(
    'computers',
    'Aero 14 Ultrabook, 16GB/512GB',
    'A 1.2 kg aluminium laptop with a 14-inch 2.8K OLED display, a fast 12-core processor and up to 18 hours of battery life.',
    { price: 109900, stock: 60, rating: [4.7, 14], sales: 42, days: 12 },
    art('laptop', '#eef2f6', '#8e9aa6', '#2e3b55', 0),
    { colours: ['#8e9aa6', '#2e3b55'] },
  ),
  p(
    'computers',
    'Titan 16 Gaming Laptop',
    'A 16-inch 240 Hz QHD display, dedicated 8 GB graphics and a vapour-chamber cooling system deliver desktop-class performance anywhere.',
    { price: 179999, was: 209999, stock: 18, rating: [4.5, 96], sales: 240, days: 140 },
    art('laptop', '#f0f0f3', '#1c1c1c', '#e4572e', 1),
  ),
  p(
    'computers',
    'Everyday 14-Inch Laptop',
    'A lightweight laptop for email, streaming and schoolwork, with a full HD screen, 8 GB of RAM and a fast-charging battery.',
    { price: 44999, was: 54999, stock: 90, rating: [4.3, 402], sales: 1960, days: 260 },
    art('laptop', '#eaf3f7', '#4f6d8a', '#c9d3e0', 2),
  ),
  p(
    'computers',
    '2-in-1 Convertible Laptop, 13.3-Inch',
    'A 360° hinge flips it from laptop to tablet, with a responsive touchscreen and an active stylus in the box.',
    { price: 74999, stock: 34, rating: [4.4, 158], sales: 520, days: 190 },
    art('laptop', '#f5eef3', '#c9c3d9', '#2b2b2b', 3),
  ),
  p(
    'computers',
    'Zenta Tab 11 Tablet, 128GB',
    'An 11-inch 90 Hz display, quad speakers and a battery that streams video for 15 hours. Add the optional keyboard cover to work on the go.',
    { price: 32999, was: 37999, stock: 75, rating: [4.5, 286], sales: 1240, days: 85 },
    art('phone', '#eef2f6', '#8e9aa6', '#1f2a44', 2),
    { colours: ['#8e9aa6', '#e8e3d9'] },
  ),
  p(
    'computers',
    '27-Inch QHD IPS Monitor',
    'Sharp 2560 × 1440 resolution, 99% sRGB colour and a height-adjustable stand make this an ideal work-from-home display. One USB-C cable handles video and 65 W charging.',
    { price: 27999, was: 32999, stock: 55, rating: [4.6, 331], sales: 1420, days: 220 },
    art('monitor', '#f0f0f3', '#2b2b2b', '#4a90d9', 0),
  ),
  p(
    'computers',
    '34-Inch Curved Ultrawide Monitor',
    'A 3440 × 1440 curved panel that replaces a dual-monitor setup, with a built-in KVM switch for controlling two computers.',
    { price: 44999, stock: 21, rating: [4.5, 147], sales: 380, days: 160 },
    art('monitor', '#eef2f6', '#1c1c1c', '#8a63d2', 1),
  ),
  p(
    'computers',
    'Portable 15.6-Inch USB-C Monitor',
    'A 0.8 kg second screen that runs from a single USB-C cable. The magnetic smart cover doubles as a stand.',
    { price: 15999, stock: 68, rating: [4.4, 209], sales: 870, days: 130 },
    art('monitor', '#fbf4e6', '#3b3b3b', '#f2a541', 2),
  ),
  p(
    'computers',
    '24-Inch All-in-One Desktop',
    'A clutter-free desktop with the computer built into a slim 24-inch full HD touchscreen. Wireless keyboard and mouse included.',
    { price: 89999, stock: 12, rating: [4.2, 73], sales: 150, days: 300 },
    art('monitor', '#edf4ef', '#d8d4ce', '#2f6b4f', 3),
  ),

  // SmartWatch
  p(
    'smartwatch',
    'Pulse Watch Series 5, 44mm GPS',
    'An always-on display, ECG and blood-oxygen sensors and precise GPS in a light aluminium case. Up to 36 hours of battery in low-power mode.',
    { price: 39900, stock: 80, rating: [4.8, 58], sales: 410, days: 5 },
    art('smartwatch', '#f0f0f3', '#1c1c1c', '#e4572e', 0),
    { colours: ['#1c1c1c', '#e8e3d9', '#b0243a', '#2e3b55'] },
  ),
  p(
    'smartwatch',
    'Pulse Watch SE, 40mm',
    'The essential Pulse features at a friendlier price: activity rings, heart-rate alerts, fall detection and sleep tracking.',
    { price: 21900, was: 24900, stock: 110, rating: [4.6, 489], sales: 2780, days: 230 },
    art('smartwatch', '#f5eef3', '#e8c4c4', '#6d2e46', 1),
    { colours: ['#e8c4c4', '#1c1c1c', '#f7f5f0'] },
  ),
  p(
    'smartwatch',
    'Pulse Watch Ultra, Titanium',
    'A rugged 49 mm titanium case, dual-frequency GPS, a depth gauge for diving and up to 60 hours of battery. The brightest Pulse display yet.',
    { price: 79900, stock: 1, rating: [4.9, 121], sales: 230, days: 70 },
    art('smartwatch', '#fbf4e6', '#c2b8a3', '#e07a2f', 2),
    { colours: ['#c2b8a3', '#1c1c1c'] },
  ),
  p(
    'smartwatch',
    'Stride Fitness Band 6',
    'A slim fitness tracker with a bright AMOLED screen, round-the-clock heart-rate and SpO2 monitoring, and 14 days of battery life.',
    { price: 4999, was: 6999, stock: 190, rating: [4.4, 867], sales: 4760, days: 300 },
    art('smartwatch', '#edf4ef', '#2b2b2b', '#2fbf71', 3),
    { colours: ['#2b2b2b', '#2fbf71', '#d98ca6'], flash: true },
  ),
  p(
    'smartwatch',
    'Summit Outdoor GPS Watch',
    'Preloaded topographic maps, a barometric altimeter and solar charging keep you on track for weeks in the backcountry.',
    { price: 44999, was: 49999, stock: 25, rating: [4.7, 143], sales: 320, days: 180 },
    art('smartwatch', '#edf4ef', '#3c4a3e', '#f2a541', 0),
    { colours: ['#3c4a3e', '#1c1c1c'] },
  ),
  p(
    'smartwatch',
    "Kids' GPS Smartwatch",
    'Two-way calling, real-time GPS location and safe-zone alerts give parents peace of mind. No social media or app store, and a school mode silences it in class.',
    { price: 8999, stock: 65, rating: [4.1, 212], sales: 970, days: 150 },
    art('smartwatch', '#eaf3f7', '#2f80ed', '#f2c14e', 1),
    { colours: ['#2f80ed', '#d98ca6', '#2fbf71'] },
  ),
  p(
    'smartwatch',
    'Hybrid Analogue Smartwatch',
    'Real watch hands and a stainless steel case, with a discreet e-ink display for notifications, steps and sleep. Up to 25 days between charges.',
    { price: 19999, stock: 40, rating: [4.3, 98], sales: 260, days: 260 },
    art('smartwatch', '#f4f1ec', '#2e3b55', '#c9a227', 2),
    { colours: ['#2e3b55', '#1c1c1c', '#6b4a3a'] },
  ),
  p(
    'smartwatch',
    'Luxe Round Smartwatch, 42mm',
    'A polished round case, interchangeable straps and an always-on AMOLED display that looks just like a classic watch face.',
    { price: 29999, was: 34999, stock: 30, rating: [4.4, 176], sales: 540, days: 110 },
    art('smartwatch', '#fdf1ee', '#d4a373', '#3b2f2a', 3),
    { colours: ['#d4a373', '#c0c0c0', '#1c1c1c'] },
  ),
  p(
    'smartwatch',
    'Silicone Sport Watch Band',
    'A soft, sweat-resistant silicone strap with a pin-and-tuck closure that stays put through every workout. Fits 42–45 mm Pulse Watch cases.',
    { price: 1999, stock: 180, rating: [4.5, 631], sales: 3870, days: 350 },
    art('smartwatch', '#f0f0f3', '#e4572e', '#2b2b2b', 0),
    { colours: ['#e4572e', '#1c1c1c', '#9bd3e0', '#f2c14e'] },
  ),

  // Camera
  p(
    'camera',
    'Mirrorless Camera with 18–55mm Kit Lens',
    'A 24 MP APS-C sensor, fast hybrid autofocus with eye tracking and 4K video in a compact body. The kit lens covers everything from landscapes to portraits.',
    { price: 89900, was: 104900, stock: 27, rating: [4.7, 236], sales: 620, days: 200 },
    art('camera', '#f0f0f3', '#1c1c1c', '#c0392b', 0),
  ),
  p(
    'camera',
    'Full-Frame Mirrorless Camera Body',
    'A 33 MP full-frame sensor with 5-axis stabilisation, 10 fps bursts and a weather-sealed magnesium body. Built for serious photographers and hybrid shooters.',
    { price: 219999, stock: 4, rating: [4.8, 88], sales: 130, days: 310 },
    art('camera', '#eef2f6', '#2b2b2b', '#f2a541', 1),
  ),
  p(
    'camera',
    'Instant Film Camera',
    'Point, shoot and hold a print in your hand within 90 seconds. Automatic exposure, a selfie mirror and a close-up lens make it foolproof.',
    { price: 7999, stock: 0, rating: [4.6, 744], sales: 3950, days: 280 },
    art('camera', '#f5eef3', '#b8a1d9', '#2b2b2b', 2),
    { colours: ['#b8a1d9', '#9bd3e0', '#e4a9a0', '#f7f5f0'] },
  ),
  p(
    'camera',
    '4K Waterproof Action Camera',
    'Capture smooth 4K60 video with electronic stabilisation, waterproof to 10 m without a case. A front screen helps you frame selfies and vlogs.',
    { price: 24999, was: 32999, stock: 70, rating: [4.5, 410], sales: 1870, days: 150 },
    art('camera', '#eaf3f7', '#1c1c1c', '#2f80ed', 3),
  ),
  p(
    'camera',
    'Compact Vlogging Camera',
    'A 1-inch sensor, a flip-out screen and a directional microphone built for creators. Blur the background at the touch of a button.',
    { price: 64999, stock: 22, rating: [4.4, 123], sales: 310, days: 90 },
    art('camera', '#fdf1ee', '#2b2b2b', '#e07a5f', 0),
    { colours: ['#2b2b2b', '#f7f5f0'] },
  ),
  p(
    'camera',
    '50mm f/1.8 Prime Lens',
    'A fast, lightweight standard prime with creamy background blur and a near-silent autofocus motor. The classic first lens upgrade for portraits.',
    { price: 19999, was: 24999, stock: 58, rating: [4.8, 369], sales: 1540, days: 330 },
    art('camera', '#f0f0f3', '#1c1c1c', '#c9a227', 1),
  ),
  p(
    'camera',
    'Foldable 4K Camera Drone',
    'Weighs under 250 g yet shoots stabilised 4K video on a 3-axis gimbal, with up to 34 minutes of flight per battery. Folds small enough for a jacket pocket.',
    { price: 44999, stock: 45, rating: [0, 0], sales: 8, days: 4 },
    art('camera', '#eef2f6', '#8e9aa6', '#2b2b2b', 2),
  ),
  p(
    'camera',
    '2K Wi-Fi Home Security Camera',
    "See who's at the door in crisp 2K with colour night vision and two-way talk. Person detection sends alerts straight to your phone.",
    { price: 3999, was: 5499, stock: 130, rating: [4.3, 566], sales: 3140, days: 240 },
    art('camera', '#f4f1ec', '#4f6d8a', '#f2c14e', 3),
  ),
  p(
    'camera',
    'Camera Sling Bag',
    'A padded sling with customisable dividers that holds a mirrorless body, two lenses and accessories. Quick side access and a weatherproof shell.',
    { price: 5999, stock: 75, rating: [4.6, 198], sales: 780, days: 170 },
    art('handbag', '#f4f1ec', '#3c4a3e', '#c2b280', 3),
    { colours: ['#3c4a3e', '#1c1c1c', '#8e9aa6'] },
  ),

  // HeadPhones
  p(
    'headphones',
    'Wireless Noise-Cancelling Headphones',
    'Adaptive noise cancelling silences planes, trains and open offices, with 30 hours of battery and plush memory-foam ear cushions. Multipoint pairing switches between laptop and phone.',
    { price: 27999, was: 39999, stock: 95, rating: [4.7, 862], sales: 4320, days: 150 },
    art('headphones', '#f0f0f3', '#1c1c1c', '#c9a227', 0),
    { colours: ['#1c1c1c', '#e8e3d9', '#2e3b55'], flash: true },
  ),
  p(
    'headphones',
    'Studio Monitor Headphones',
    'Closed-back, reference-tuned headphones with a flat frequency response for mixing and tracking. Detachable coiled and straight cables included.',
    { price: 14900, stock: 50, rating: [4.8, 36], sales: 110, days: 6 },
    art('headphones', '#eef2f6', '#2b2b2b', '#c0392b', 1),
  ),
  p(
    'headphones',
    "Kids' Headphones with Volume Limit",
    'Volume is capped at 85 dB to protect young ears, and the soft, bendable headband survives drops and tugs. A built-in share port lets two kids listen together.',
    { price: 2499, was: 2999, stock: 140, rating: [4.5, 493], sales: 2580, days: 210 },
    art('headphones', '#fdf1ee', '#e4572e', '#f2c14e', 2),
    { colours: ['#e4572e', '#2f80ed', '#d98ca6', '#2fbf71'] },
  ),
  p(
    'headphones',
    'True Wireless Earbuds with ANC',
    'Active noise cancellation, a transparency mode and a snug, sweat-resistant fit. Up to 32 hours of listening with the wireless charging case.',
    { price: 7999, was: 12999, stock: 170, rating: [4.4, 798], sales: 4980, days: 190 },
    art('headphones', '#eaf3f7', '#1c1c1c', '#7fa2c9', 3),
    { colours: ['#1c1c1c', '#f7f5f0', '#7fa2c9'], flash: true },
  ),
  p(
    'headphones',
    'Open-Ear Bone Conduction Sport Headphones',
    'They sit outside your ears, so you can still hear traffic while you run. IP67 waterproof, with a featherweight titanium frame and 10 hours of battery.',
    { price: 12999, stock: 60, rating: [4.3, 214], sales: 760, days: 240 },
    art('headphones', '#edf4ef', '#2b2b2b', '#2fbf71', 0),
    { colours: ['#2b2b2b', '#2f80ed', '#e4572e'] },
  ),
  p(
    'headphones',
    'Retro Wired On-Ear Headphones',
    'Warm, detailed sound from 40 mm drivers in a foldable design, with a tangle-free braided cable and an in-line mic.',
    { price: 3999, stock: 100, rating: [4.2, 302], sales: 1410, days: 360 },
    art('headphones', '#fbf4e6', '#8b5a2b', '#d4a373', 1),
    { colours: ['#8b5a2b', '#1c1c1c', '#f2eee6'] },
  ),
  p(
    'headphones',
    'Sleep Headphones Headband',
    'Ultra-thin flat speakers tucked into a soft, breathable headband you can sleep in comfortably, even on your side. Bluetooth, with a 10-hour battery.',
    { price: 2999, stock: 115, rating: [4.1, 387], sales: 1930, days: 130 },
    art('headphones', '#f5eef3', '#8e9aa6', '#c9c3d9', 2),
    { colours: ['#8e9aa6', '#1c1c1c', '#c9c3d9'] },
  ),
  p(
    'headphones',
    'Hi-Res Planar Magnetic Headphones',
    'Large 90 mm planar drivers deliver fast, detailed sound with deep, distortion-free bass. Open-back design with a hand-finished wood and aluminium build.',
    { price: 59900, stock: 3, rating: [4.9, 54], sales: 75, days: 230 },
    art('headphones', '#f4f1ec', '#6b4a3a', '#c9a227', 3),
  ),
  p(
    'headphones',
    'Foldable Over-Ear Travel Headphones',
    'Lightweight over-ear headphones with 60 hours of battery, and a 10-minute quick charge gives you 5 hours of play. Comes with a hard-shell travel case.',
    { price: 8999, stock: 85, rating: [4.4, 341], sales: 1660, days: 100 },
    art('headphones', '#eaf3f7', '#2e3b55', '#9bd3e0', 0),
    { colours: ['#2e3b55', '#e8e3d9', '#6d2e46'] },
  ),
  p(
    'headphones',
    'Sport Wireless Earbuds with Ear Hooks',
    'Flexible ear hooks keep them in place through sprints and burpees. Sweatproof, with 45 hours of total playback.',
    { price: 4999, stock: 130, rating: [4.3, 276], sales: 1380, days: 170 },
    art('headphones', '#edf4ef', '#2fbf71', '#1c1c1c', 1),
    { colours: ['#2fbf71', '#1c1c1c', '#e4572e'] },
  ),

  // Gaming
  p(
    'gaming',
    'Wireless Pro Controller',
    'Drift-resistant Hall-effect sticks, remappable back paddles and trigger stops for faster shots. A 40-hour battery and a low-latency 2.4 GHz dongle.',
    { price: 6999, was: 7999, stock: 120, rating: [4.6, 534], sales: 3050, days: 160 },
    art('gamepad', '#f0f0f3', '#1c1c1c', '#8a63d2', 0),
    { colours: ['#1c1c1c', '#f7f5f0', '#c0392b'] },
  ),
  p(
    'gaming',
    '7.1 Surround Gaming Headset',
    'Virtual 7.1 surround sound lets you hear footsteps before you see them, and the detachable boom mic filters out background noise. Memory-foam cushions for marathon sessions.',
    { price: 8999, was: 11999, stock: 95, rating: [4.4, 617], sales: 2890, days: 200 },
    art('headphones', '#eef2f6', '#1c1c1c', '#e4572e', 2),
    { colours: ['#1c1c1c', '#f7f5f0'] },
  ),
  p(
    'gaming',
    'Low-Latency Wireless Gaming Headset',
    'Switch between a lag-free 2.4 GHz link and Bluetooth at the tap of a button. Large 50 mm drivers and an 80-hour battery.',
    { price: 14999, stock: 45, rating: [4.5, 208], sales: 710, days: 60 },
    art('headphones', '#f5eef3', '#2b2b2b', '#2fbf71', 3),
  ),
  p(
    'gaming',
    '27-Inch 165Hz Gaming Monitor',
    'A fast IPS panel with 1 ms response time, a 165 Hz refresh rate and adaptive sync for tear-free gameplay. QHD resolution keeps every detail crisp.',
    { price: 29999, stock: 38, rating: [4.6, 325], sales: 1260, days: 230 },
    art('monitor', '#f0f0f3', '#1c1c1c', '#e4572e', 1),
  ),
  p(
    'gaming',
    'Ergonomic Gaming Chair',
    'Cold-cure foam, 4D armrests and adjustable lumbar and neck pillows keep you comfortable through long sessions. Reclines all the way to 165°.',
    { price: 21999, was: 32999, stock: 52, rating: [4.3, 446], sales: 1790, days: 180 },
    art('chair', '#f0f0f3', '#1c1c1c', '#c0392b', 2),
    { colours: ['#1c1c1c', '#c0392b', '#2f80ed'], flash: true },
  ),
  p(
    'gaming',
    'Vortex 5 Game Console, 1TB',
    'Lightning-fast SSD loading, 4K gaming at up to 120 fps and ray-traced lighting. Includes one wireless controller.',
    { price: 49999, stock: 0, rating: [4.8, 702], sales: 3610, days: 300 },
    art('gamepad', '#eef2f6', '#2b2b2b', '#2f80ed', 1),
  ),
  p(
    'gaming',
    'Handheld Gaming PC, 512GB',
    'Your PC game library in your hands: a 7-inch 120 Hz screen, full-size controls and a powerful mobile chip. Dock it to play on the big screen.',
    { price: 64999, stock: 2, rating: [4.6, 27], sales: 85, days: 7 },
    art('gamepad', '#f5eef3', '#2b2b2b', '#8a63d2', 2),
  ),
  p(
    'gaming',
    'Racing Wheel and Pedals Set',
    'A force-feedback wheel with a leather-wrapped rim and metal paddle shifters, plus a three-pedal set with a progressive brake.',
    { price: 29999, stock: 20, rating: [4.5, 139], sales: 330, days: 250 },
    art('gamepad', '#fbf4e6', '#1c1c1c', '#e07a2f', 3),
  ),
  p(
    'gaming',
    'Dual Controller Charging Dock',
    "Charge two controllers at once in under three hours, with LED indicators that show when they're ready. A weighted base keeps it steady.",
    { price: 2499, stock: 150, rating: [4.4, 356], sales: 2170, days: 120 },
    art('gamepad', '#eaf3f7', '#2e3b55', '#2fbf71', 0),
  ),
  p(
    'gaming',
    'RGB Desktop Gaming Speakers',
    'A pair of desktop speakers with customisable RGB lighting that pulses to the beat, plus a handy front volume knob and headphone jack.',
    { price: 4999, was: 5999, stock: 90, rating: [4.2, 188], sales: 830, days: 210 },
    art('speaker', '#f0f0f3', '#1c1c1c', '#8a63d2', 3),
  ),
];
