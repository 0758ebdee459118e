import type { ShippingZoneValues } from '@souq/contracts/shipping';

const cashOnDelivery = (fee: number) => ({ cashOnDelivery: true, cashOnDeliveryFee: fee });

/** 140.00: from here both standard and express delivery are free, in every zone. */
export const FREE_OVER = 14_000;

/**
 * The demo shop's delivery (a shop in Dubai selling across the Gulf and to Egypt), written by the
 * demo seed in place of the one worldwide zone a new shop starts with. Prices in the demo
 * catalog's currency (minor units). Nothing outside these three countries is served, so the
 * checkout's "we do not deliver there" can be seen. Standard and express delivery are both free
 * from 140.00 in every zone, so the home and product pages' free-delivery promise and the promotion
 * bar's free express delivery (demo-shop-settings.ts) hold wherever the shop ships.
 */
export const demoShippingZones: ShippingZoneValues[] = [
  {
    name: 'United Arab Emirates',
    countries: ['AE'],
    areas: [],
    methods: [
      {
        name: { en: 'Standard delivery', ar: 'توصيل عادي' },
        price: 500,
        freeOver: FREE_OVER,
        minDays: 1,
        maxDays: 3,
        ...cashOnDelivery(0),
      },
      {
        name: { en: 'Express delivery', ar: 'توصيل سريع' },
        price: 1500,
        freeOver: FREE_OVER,
        minDays: 0,
        maxDays: 1,
        ...cashOnDelivery(0),
      },
    ],
  },
  {
    name: 'Riyadh',
    countries: ['SA'],
    areas: ['Riyadh', 'الرياض'],
    methods: [
      {
        name: { en: 'Standard delivery', ar: 'توصيل عادي' },
        price: 1000,
        freeOver: FREE_OVER,
        minDays: 1,
        maxDays: 3,
        ...cashOnDelivery(500),
      },
      {
        name: { en: 'Express delivery', ar: 'توصيل سريع' },
        price: 2500,
        freeOver: FREE_OVER,
        minDays: 0,
        maxDays: 1,
        ...cashOnDelivery(500),
      },
    ],
  },
  {
    name: 'Saudi Arabia',
    countries: ['SA'],
    areas: [],
    methods: [
      {
        name: { en: 'Standard delivery', ar: 'توصيل عادي' },
        price: 1500,
        freeOver: FREE_OVER,
        minDays: 2,
        maxDays: 5,
        ...cashOnDelivery(500),
      },
      {
        name: { en: 'Express delivery', ar: 'توصيل سريع' },
        price: 3500,
        freeOver: FREE_OVER,
        minDays: 1,
        maxDays: 2,
        cashOnDelivery: false,
        cashOnDeliveryFee: 0,
      },
    ],
  },
  {
    name: 'Egypt',
    countries: ['EG'],
    areas: [],
    methods: [
      {
        name: { en: 'Standard delivery', ar: 'توصيل عادي' },
        price: 500,
        freeOver: FREE_OVER,
        minDays: 3,
        maxDays: 6,
        ...cashOnDelivery(0),
      },
      {
        name: { en: 'Express delivery', ar: 'توصيل سريع' },
        price: 1500,
        freeOver: FREE_OVER,
        minDays: 1,
        maxDays: 2,
        ...cashOnDelivery(300),
      },
    ],
  },
];
