import type { ShopSettings } from '@souq/contracts/shop-settings';
import { demoShopSettings } from '../db/demo-shop-settings';

/** A shop's settings that differ from the demo's in every field the shop shows: a shop in Doha. */
export const dohaShopSettings: ShopSettings = {
  ...demoShopSettings,
  shopName: 'Dar Al Qamar',
  legalName: 'Dar Al Qamar Trading W.L.L.',
  address: {
    line1: 'Building 22, Street 9',
    line2: 'Al Sadd',
    city: 'Doha',
    region: '',
    postalCode: '',
    country: 'QA',
  },
  writtenAddress: { ar: 'مبنى 22، شارع 9\nالسد\nالدوحة' },
  vatNumber: '300123456700003',
  supportPhone: '+974 4412 3456',
  supportEmail: 'hello@daralqamar.example',
  openingHours: {
    en: 'Sunday to Thursday, 9:00 to 18:00',
    ar: 'من الأحد إلى الخميس، 9:00 حتى 18:00',
  },
  socialLinks: {
    instagram: 'https://www.instagram.com/daralqamar',
    facebook: '',
    x: '',
    linkedin: '',
  },
  promoBar: {
    enabled: true,
    text: { en: 'Eid offers on every abaya', ar: 'عروض العيد على كل العبايات' },
    link: '/productS?category=women',
  },
  displayDelays: false,
  reviewsNeedApproval: false,
};
