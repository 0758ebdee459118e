import type { ShopSettings } from '@souq/contracts/shop-settings';

/** A shop's settings for component and rendering tests: a shop in Cairo. */
export const testShopSettings: ShopSettings = {
  currency: 'USD',
  shopName: 'Souq',
  logo: null,
  legalName: 'Souq for Trade S.A.E.',
  address: {
    line1: '14 Mohamed Mazhar Street',
    line2: 'Zamalek',
    city: 'Cairo',
    region: 'Cairo Governorate',
    postalCode: '11211',
    country: 'EG',
  },
  writtenAddress: {},
  vatNumber: '512-345-678',
  supportPhone: '+20 2 2735 0000',
  supportEmail: 'help@souq.test',
  openingHours: { en: 'Every day, 10:00 to 22:00', ar: 'يوميًا من 10:00 حتى 22:00' },
  socialLinks: {
    instagram: 'https://www.instagram.com/souq.test',
    facebook: '',
    x: 'https://x.com/souqtest',
    linkedin: '',
  },
  promoBar: {
    enabled: true,
    text: { en: 'Free delivery across Egypt this week', ar: 'توصيل مجاني في كل مصر هذا الأسبوع' },
    link: '/productS',
  },
  displayDelays: true,
  reviewsNeedApproval: false,
  pricesIncludeTax: true,
};
