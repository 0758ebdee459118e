import { z } from 'zod';
import { MAX_RECORD_ID, MAX_TYPED_COUNT, recordIdSchema } from './bounds';
import { countryCodeSchema } from './countries';
import { defaultLanguage } from './languages';
import { textPerLanguageSchema } from './language-schemas';
import { singleLineText } from './plain-text';
import { queryIntSchema } from './query';

/*
 * Where the shop delivers, how, at what price and how fast. A zone is a set of countries,
 * optionally narrowed to some of their regions or cities; a zone with no countries is the rest of
 * the world. Each zone has its methods. The back office edits them (shipping.manage); the quote
 * offers the methods of the zone that serves the address, and the order names the one chosen.
 */

/** The longest estimated delivery window staff may state, in days. */
export const DELIVERY_DAYS_MAX = 90;
export const SHIPPING_ZONE_METHODS_MAX = 10;
export const SHIPPING_ZONE_AREAS_MAX = 100;

const amountSchema = z
  .number({ error: 'Enter an amount' })
  .int('Enter an amount in minor units (a whole number)')
  .min(0, 'An amount is 0 or more')
  .max(MAX_TYPED_COUNT, 'That amount is too large');

const daysSchema = z
  .number({ error: 'Enter a number of days' })
  .int('Enter whole days')
  .min(0, 'Days are 0 or more')
  .max(DELIVERY_DAYS_MAX, `At most ${DELIVERY_DAYS_MAX} days`);

/** A method's name per language, e.g. `{ en: 'Express', ar: 'سريع' }`; English is required. */
export const shippingMethodNameSchema = textPerLanguageSchema(
  singleLineText().max(60, 'At most 60 characters'),
).refine((name) => Boolean(name[defaultLanguage]), {
  message: 'Name the method',
  path: [defaultLanguage],
});
export type ShippingMethodName = z.infer<typeof shippingMethodNameSchema>;

export const shippingMethodEditorSchema = z
  .object({
    /** A method kept from before; absent for a new one. */
    id: recordIdSchema.optional(),
    name: shippingMethodNameSchema,
    price: amountSchema,
    /** Free when the subtotal after discount reaches this; null: never free. */
    freeOver: amountSchema.nullable(),
    minDays: daysSchema,
    maxDays: daysSchema,
    cashOnDelivery: z.boolean(),
    /** Added to shipping when the shopper pays cash on delivery. */
    cashOnDeliveryFee: amountSchema,
  })
  .refine((method) => method.maxDays >= method.minDays, {
    message: 'The latest day cannot come before the earliest',
    path: ['maxDays'],
  });
export type ShippingMethodEditor = z.input<typeof shippingMethodEditorSchema>;

const distinct = (list: string[]) => new Set(list).size === list.length;

/** POST /api/admin/shipping-zones, PUT …/:id. Methods without an id are new; missing ones go. */
export const shippingZoneEditorSchema = z
  .object({
    name: singleLineText().min(1, 'Name the zone').max(80, 'At most 80 characters'),
    /** Empty: every country no other zone lists (the rest of the world). */
    countries: z
      .array(countryCodeSchema)
      .max(250)
      .refine(distinct, { message: 'List each country once' }),
    /** Regions or cities the zone is narrowed to, as shoppers write them; empty: the whole countries. */
    areas: z
      .array(singleLineText().min(1).max(80))
      .max(SHIPPING_ZONE_AREAS_MAX, `At most ${SHIPPING_ZONE_AREAS_MAX} regions or cities`),
    methods: z
      .array(shippingMethodEditorSchema)
      .min(1, 'Add at least one method')
      .max(SHIPPING_ZONE_METHODS_MAX, `At most ${SHIPPING_ZONE_METHODS_MAX} methods`),
  })
  .refine((zone) => zone.areas.length === 0 || zone.countries.length > 0, {
    message: 'Choose the countries these regions or cities are in',
    path: ['countries'],
  });
export type ShippingZoneEditor = z.input<typeof shippingZoneEditorSchema>;
export type ShippingZoneValues = z.output<typeof shippingZoneEditorSchema>;

export const shippingMethodSchema = z.object({
  id: recordIdSchema,
  name: shippingMethodNameSchema,
  price: z.number().int().nonnegative(),
  freeOver: z.number().int().nonnegative().nullable(),
  minDays: z.number().int().nonnegative(),
  maxDays: z.number().int().nonnegative(),
  cashOnDelivery: z.boolean(),
  cashOnDeliveryFee: z.number().int().nonnegative(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

export const shippingZoneSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  countries: z.array(z.string()),
  areas: z.array(z.string()),
  methods: z.array(shippingMethodSchema),
});
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

export const shippingZoneListSchema = z.object({ items: z.array(shippingZoneSchema) });
export type ShippingZoneList = z.infer<typeof shippingZoneListSchema>;

/** Where a cart would go, as much as the quote needs to find the zone. */
export const deliveryAddressSchema = z.object({
  country: countryCodeSchema,
  region: singleLineText().max(100).optional(),
  city: singleLineText().max(100).optional(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** A method as the quote offers it for this cart: `price` is what it costs (0 when free over). */
export const shippingOptionSchema = shippingMethodSchema;
export type ShippingOption = ShippingMethod;

/** The method an order was placed with, as it was then. */
export const orderShippingMethodSchema = z.object({
  id: recordIdSchema,
  name: shippingMethodNameSchema,
  minDays: z.number().int().nonnegative(),
  maxDays: z.number().int().nonnegative(),
  /** Part of the order's shipping: the cash-on-delivery fee paid, 0 for none. */
  cashOnDeliveryFee: z.number().int().nonnegative(),
});
export type OrderShippingMethod = z.infer<typeof orderShippingMethodSchema>;

/** address_needed: no address yet (the cart); not_deliverable: no zone serves the address. */
export const deliveryStatuses = ['address_needed', 'deliverable', 'not_deliverable'] as const;

export const shippingZoneParamsSchema = z.object({ id: queryIntSchema(1, MAX_RECORD_ID) });
