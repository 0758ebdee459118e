import type { PaymentMethod } from '@souq/contracts/orders';
import type {
  DeliveryAddress,
  deliveryStatuses,
  OrderShippingMethod,
  ShippingOption,
  ShippingZone,
} from '@souq/contracts/shipping';
import { AppError } from '../../http/errors';

/**
 * The order total from which every zone delivers free by at least one of its methods (its
 * lowest free-over threshold; the highest of those across zones), in minor units: the amount the
 * storefront's "free delivery over" promise may name. Null when a zone has no method with a
 * threshold, or there is no zone: then no such promise holds everywhere. A method priced 0 is not
 * counted, as it may be a pickup rather than a delivery.
 */
export function freeDeliveryFrom(zones: readonly ShippingZone[]): number | null {
  let from: number | null = null;
  for (const zone of zones) {
    const thresholds = zone.methods.flatMap((method) =>
      method.freeOver === null ? [] : [method.freeOver],
    );
    if (thresholds.length === 0) return null;
    from = Math.max(from ?? 0, Math.min(...thresholds));
  }
  return from;
}

/** How places are compared: case and spacing aside, so "riyadh " is Riyadh. */
function placeKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/**
 * The zone that serves an address: a zone listing the country and narrowed to the address's
 * region or city first, then one listing the country as a whole, then the rest of the world (no
 * countries). Zones of the same kind: the oldest. Undefined when nobody delivers there.
 */
export function zoneFor(
  zones: readonly ShippingZone[],
  address: DeliveryAddress,
): ShippingZone | undefined {
  const places = [address.region, address.city].filter(Boolean).map((p) => placeKey(p ?? ''));
  const rank = (zone: ShippingZone): number => {
    if (zone.countries.length === 0) return 1;
    if (!zone.countries.includes(address.country)) return 0;
    if (zone.areas.length === 0) return 2;
    return zone.areas.some((area) => places.includes(placeKey(area))) ? 3 : 0;
  };
  let best: ShippingZone | undefined;
  let bestRank = 0;
  for (const zone of [...zones].sort((a, b) => a.id - b.id)) {
    const r = rank(zone);
    if (r > bestRank) [best, bestRank] = [zone, r];
  }
  return best;
}

/**
 * The zone's methods as offered for a cart whose subtotal after discount is `discountedSubtotal`:
 * a method is free once that reaches its threshold. Cheapest first, then fastest.
 */
export function optionsFor(zone: ShippingZone, discountedSubtotal: number): ShippingOption[] {
  return zone.methods
    .map((method) => ({
      ...method,
      price: method.freeOver !== null && discountedSubtotal >= method.freeOver ? 0 : method.price,
    }))
    .sort((a, b) => a.price - b.price || a.maxDays - b.maxDays || a.id - b.id);
}

/** Shipping as charged: the method's price, and its fee when the shopper pays cash on delivery. */
export function shippingCharge(option: ShippingOption, paymentMethod: PaymentMethod | undefined) {
  const cashOnDeliveryFee = paymentMethod === 'cash_on_delivery' ? option.cashOnDeliveryFee : 0;
  return { amount: option.price + cashOnDeliveryFee, cashOnDeliveryFee };
}

/**
 * The option a shopper who chose none is given: the one charged least for the way they pay (a
 * free express with a cash-on-delivery fee costs more than a free standard without one), passing
 * over methods that refuse cash on delivery when they pay so. Ties go to the cheaper, then faster.
 */
function defaultOption(
  options: readonly ShippingOption[],
  paymentMethod: PaymentMethod | undefined,
): ShippingOption | undefined {
  const takesPayment = options.filter(
    (o) => paymentMethod !== 'cash_on_delivery' || o.cashOnDelivery,
  );
  let best: ShippingOption | undefined;
  for (const option of takesPayment.length > 0 ? takesPayment : options) {
    const charge = shippingCharge(option, paymentMethod).amount;
    if (!best || charge < shippingCharge(best, paymentMethod).amount) best = option;
  }
  return best;
}

/** What the quote says of delivery to an address, and the shipping it charges. */
export interface QuotedShipping {
  delivery: (typeof deliveryStatuses)[number];
  options: ShippingOption[];
  chosen: ShippingOption | null;
  amount: number;
}

/**
 * Shipping as a quote shows it: no address yet charges nothing (the cart); an address nobody
 * delivers to is said so; otherwise the method asked for when it serves the address, else the
 * cheapest. A cart of nothing ships nothing.
 */
export function quoteShipping(
  zones: readonly ShippingZone[],
  request: {
    address: DeliveryAddress | undefined;
    discountedSubtotal: number;
    hasItems: boolean;
    methodId: number | undefined;
    paymentMethod: PaymentMethod | undefined;
  },
): QuotedShipping {
  if (!request.address) {
    return { delivery: 'address_needed', options: [], chosen: null, amount: 0 };
  }
  const zone = zoneFor(zones, request.address);
  if (!zone) return { delivery: 'not_deliverable', options: [], chosen: null, amount: 0 };
  const options = optionsFor(zone, request.discountedSubtotal);
  const chosen =
    options.find((o) => o.id === request.methodId) ??
    defaultOption(options, request.paymentMethod) ??
    null;
  const amount =
    chosen && request.hasItems ? shippingCharge(chosen, request.paymentMethod).amount : 0;
  return { delivery: 'deliverable', options, chosen, amount };
}

/**
 * Shipping as an order is placed with it, or a 400 naming the field to fix: an address nobody
 * delivers to, a method that does not serve it (or no longer exists), or cash on delivery with a
 * method that does not take it. Without a method the one charged least is used.
 */
export function orderShipping(
  zones: readonly ShippingZone[],
  request: {
    address: DeliveryAddress;
    discountedSubtotal: number;
    methodId: number | undefined;
    paymentMethod: PaymentMethod;
  },
): { amount: number; method: OrderShippingMethod } {
  const zone = zoneFor(zones, request.address);
  if (!zone) {
    // A country some zone lists is served in other regions or cities than this one.
    const countryServed = zones.some((z) => z.countries.includes(request.address.country));
    throw new AppError(
      400,
      'not_deliverable',
      'The shop does not deliver to this address.',
      countryServed
        ? { 'billing.city': 'no delivery to this city or region' }
        : { 'billing.country': 'no delivery to this country' },
    );
  }
  const options = optionsFor(zone, request.discountedSubtotal);
  const chosen =
    request.methodId === undefined
      ? defaultOption(options, request.paymentMethod)
      : options.find((o) => o.id === request.methodId);
  if (!chosen) {
    throw new AppError(
      400,
      'shipping_method_unavailable',
      'This delivery method does not serve the address.',
      { shippingMethodId: `choose one of: ${options.map((o) => o.id).join(', ')}` },
    );
  }
  if (request.paymentMethod === 'cash_on_delivery' && !chosen.cashOnDelivery) {
    throw new AppError(
      400,
      'cash_on_delivery_unavailable',
      'This delivery method does not take cash on delivery.',
      { paymentMethod: 'not with this delivery method' },
    );
  }
  const charge = shippingCharge(chosen, request.paymentMethod);
  return {
    amount: charge.amount,
    method: {
      id: chosen.id,
      name: chosen.name,
      minDays: chosen.minDays,
      maxDays: chosen.maxDays,
      cashOnDeliveryFee: charge.cashOnDeliveryFee,
    },
  };
}
