import type { ShopSettings } from '@souq/contracts/shop-settings';

/**
 * The demo shop's details: a shop in Dubai selling across the Gulf. The demo seed writes them
 * into a new shop, and migration 0022 into a shop that showed them before they were settings.
 * The mailbox is on a reserved `.example` domain, so no one's real address is published.
 */
export const demoShopSettings: ShopSettings = {
  currency: 'USD',
  shopName: 'Souq',
  logo: null,
  legalName: 'Souq General Trading L.L.C.',
  address: {
    // Building, street and area, city, as a Dubai address is written; the emirate is the city,
    // and the UAE has no postal codes.
    line1: 'Office 1204, Al Saqr Business Tower',
    line2: 'Sheikh Zayed Road, Trade Centre 1',
    city: 'Dubai',
    region: '',
    postalCode: '',
    country: 'AE',
  },
  writtenAddress: {
    ar: 'مكتب 1204، برج الصقر للأعمال\nشارع الشيخ زايد، المركز التجاري 1\nدبي',
  },
  vatNumber: '100396487500003',
  supportPhone: '+971 4 321 7788',
  supportEmail: 'care@souq.example',
  openingHours: {
    en: 'Saturday to Thursday, 9:00 to 21:00 (Gulf time)',
    ar: 'من السبت إلى الخميس، من 9:00 حتى 21:00 بتوقيت الخليج',
  },
  socialLinks: {
    instagram: 'https://www.instagram.com/souq.shop',
    facebook: 'https://www.facebook.com/souq.shop',
    x: 'https://x.com/souqshop',
    linkedin: '',
  },
  promoBar: {
    enabled: true,
    text: {
      en: 'Summer Sale: 50% Off All Swim Suits, And Free Express Delivery Over $140!',
      ar: 'تخفيضات الصيف: خصم 50% على جميع ملابس السباحة، وتوصيل سريع مجاني للطلبات فوق 140 دولارًا!',
    },
    link: '/category?category=swimwear',
  },
  displayDelays: true,
  reviewsNeedApproval: false,
  pricesIncludeTax: true,
};
