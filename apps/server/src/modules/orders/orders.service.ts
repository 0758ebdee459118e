import { createHash, randomInt } from 'node:crypto';
import {
  ORDER_LINE_MAX_QUANTITY,
  type CheckoutChannel,
  type LineVariant,
  type Order,
  type OrderLineInput,
  type OrderListQuery,
  type PlaceOrder,
  type PlacedOrder,
  type Quote,
  type QuoteRequest,
} from '@souq/contracts/orders';
import { isSameAddress, type AddressInput } from '@souq/contracts/addresses';
import type { ProductSummary } from '@souq/contracts/catalog';
import { AppError, NotFoundError } from '../../http/errors';
import { TooManyAddressesError } from '../account/account.errors';
import type { AccountService } from '../account/account.service';
import { evaluateCoupon, rejectCoupon, type CouponRejected } from '../marketing/coupon-rules';
import {
  toOrder,
  type CatalogVariant,
  type OrderCatalog,
  type OrdersQueries,
  type OrdersRepository,
} from './orders.repository';
import { toLineVariant } from '../catalog/product-mapper';
import {
  computeTotals,
  priceLines,
  taxLines,
  type PricedLine,
  type RequestedLine,
  type TaxPlace,
} from './pricing';
import { placedOrderMails, type OrderMailSettings } from './order-mails';
import { invoiceSeller } from '../invoices/invoices.repository';
import { keptCheckoutRules, type CheckoutRules } from './checkout-rules';
import { orderShipping, quoteShipping } from '../shipping/shipping-rules';
import type { AdminOrdersService } from './admin-orders.service';
import type { OrderPayments } from './order-payments';
import { lineRate } from '../tax/tax-rules';
import { appOfferAmount } from '@souq/contracts/app-offer';
import type { ShopSettings } from '@souq/contracts/shop-settings';

const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "SQ-" and 8 random characters: short to read out, too many to guess for the guest look-up. */
export function newOrderNumber(): string {
  let suffix = '';
  for (let i = 0; i < 8; i++)
    suffix += ORDER_NUMBER_ALPHABET.charAt(randomInt(ORDER_NUMBER_ALPHABET.length));
  return `SQ-${suffix}`;
}

export interface OrdersServiceDependencies {
  repository: OrdersRepository;
  addressBook: AddressBook;
  mail: OrderMailSettings;
  payments: OrderPayments;
  /** The order lifecycle a shopper's own cancel goes through, as staff's does. */
  lifecycle: Pick<AdminOrdersService, 'cancelPending'>;
  clock?: () => Date;
  orderNumber?: () => string;
}

/** The part of the accounts module's address book that checkout uses. */
export interface AddressBook {
  list(userId: string): Promise<AddressInput[]>;
  /** false when the book is full. */
  add(userId: string, address: AddressInput): Promise<boolean>;
}

/** The accounts module's address book, as checkout uses it: its rules (the size limit) apply. */
export function accountAddressBook(account: AccountService): AddressBook {
  return {
    list: (userId) => account.listAddresses(userId),
    async add(userId, address) {
      try {
        await account.addAddress(userId, address);
        return true;
      } catch (error) {
        if (error instanceof TooManyAddressesError) return false;
        throw error;
      }
    },
  };
}

export interface PlaceOrderOutcome {
  order: PlacedOrder;
  /** false when the key had already made this order (a replay). */
  created: boolean;
}

/** JSON with keys sorted, so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What identifies an order's request under its key: a hash of its validated body. */
export function orderRequestHash(input: PlaceOrder): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

/** The products an order or a quote names, each once. */
function productIdsOf(lines: OrderLineInput[]): number[] {
  return [...new Set(lines.map((l) => l.productId))];
}

type OrderableLine = PricedLine & { product: ProductSummary; variant: LineVariant };

/**
 * An order is placed only when every line names a product still sold, and a live variant of it,
 * priced in one currency; the quote reports the same lines as `unavailable` and `other_currency`.
 */
function refuseUnorderable(lines: PricedLine[], currency: string): OrderableLine[] {
  const unknown = lines.filter((l) => l.status === 'unavailable');
  if (unknown.length > 0) {
    throw new AppError(
      400,
      'unknown_products',
      `These products or variants are not sold: ${unknown.map((l) => l.productId).join(', ')}.`,
      Object.fromEntries(
        unknown.map((l) =>
          l.product
            ? [`lines.${l.index}.variantId`, "name one of this product's variants"]
            : [`lines.${l.index}.productId`, 'no such product'],
        ),
      ),
    );
  }
  const foreign = lines.filter((l) => l.status === 'other_currency');
  if (foreign.length > 0) {
    throw new AppError(
      400,
      'mixed_currencies',
      'An order is paid in one currency.',
      Object.fromEntries(
        foreign.map((l) => [
          `lines.${l.index}.productId`,
          `priced in ${l.product?.currency ?? '?'}; this order is paid in ${currency}`,
        ]),
      ),
    );
  }
  return lines.filter((l): l is OrderableLine => l.product !== null && l.variant !== null);
}

/** 409 naming each short line and how many of its variant are left. */
function insufficientStock(short: OrderableLine[], left: Map<number, number>): AppError {
  const leftOf = (l: OrderableLine) => left.get(l.variant.id) ?? 0;
  const describe = (l: OrderableLine) =>
    `${[l.product.name, l.variant.colour?.name, l.variant.size].filter(Boolean).join(', ')}: ${leftOf(l)} left`;
  return new AppError(
    409,
    'insufficient_stock',
    `Not enough in stock. ${short.map(describe).join('; ')}.`,
    Object.fromEntries(short.map((l) => [`lines.${l.index}.quantity`, `${leftOf(l)} left`])),
  );
}

/** The shopper saw the app offer in the quote, but an identity other than the email had one. */
const appOfferUsed = () =>
  new AppError(
    409,
    'app_offer_used',
    'The app’s first-order discount is one per customer, and this customer had one already. Place the order again without it.',
  );

/**
 * The installed app's first-order discount for this cart, before the one-per-customer check:
 * the shop's amount (at most the subtotal) when the order comes from the app, uses no coupon
 * (one discount per order) and is in the shop's currency; 0 otherwise.
 */
function appOfferFor(
  input: { channel?: CheckoutChannel; couponCode?: string },
  cart: { currency: string; subtotal: number },
  settings: ShopSettings,
): number {
  if (input.channel !== 'installed_app' || input.couponCode) return 0;
  if (cart.currency !== settings.currency) return 0;
  return Math.min(appOfferAmount(settings), cart.subtotal);
}

function couponError(result: CouponRejected): AppError {
  return new AppError(400, 'coupon_rejected', result.message, { couponCode: result.message });
}

/** How an order to `country` is taxed: that country's rate and the shop's price setting. */
function taxPlace(rules: CheckoutRules, settings: ShopSettings, country: string | null): TaxPlace {
  return {
    standardRateBp: country === null ? 0 : rules.rateFor(country),
    pricesIncludeTax: settings.pricesIncludeTax,
  };
}

/** Reads an order the caller knows exists (it was just written, or a key points at it). */
async function mustFindOrder(queries: OrdersQueries, id: number) {
  const found = await queries.findOrder({ id });
  if (!found) throw new Error(`Order ${id} is missing`);
  return found;
}

export function createOrdersService({
  repository,
  addressBook,
  mail,
  payments,
  lifecycle,
  clock: now = () => new Date(),
  orderNumber = newOrderNumber,
}: OrdersServiceDependencies) {
  const checkoutRules = keptCheckoutRules();

  /** Adds the address to the shopper's book unless it holds it already; a full book declines. */
  async function saveToAddressBook(
    userId: string | null,
    address: AddressInput,
  ): Promise<NonNullable<PlacedOrder['addressBook']>> {
    if (userId === null) return { saved: false, reason: 'not_signed_in' };
    const book = await addressBook.list(userId);
    if (book.some((saved) => isSameAddress(saved, address))) return { saved: true };
    return (await addressBook.add(userId, address))
      ? { saved: true }
      : { saved: false, reason: 'address_book_full' };
  }

  /**
   * Each line with its product and variant as sold now (the product's stock the variant's):
   * a line without a variant names the product's only one; lines of one variant are merged.
   */
  function linesOf(catalog: OrderCatalog, input: OrderLineInput[]): RequestedLine[] {
    const products = new Map(catalog.entries.map((e) => [e.product.id, e]));
    const variantsOf = new Map<number, CatalogVariant[]>();
    for (const v of catalog.variants) {
      const list = variantsOf.get(v.productId) ?? [];
      list.push(v);
      variantsOf.set(v.productId, list);
    }
    const merged = new Map<string, RequestedLine>();
    input.forEach((line, index) => {
      const entry = products.get(line.productId);
      const own = variantsOf.get(line.productId) ?? [];
      const variant =
        line.variantId === undefined
          ? own.length === 1
            ? own[0]
            : undefined
          : own.find((v) => v.id === line.variantId);
      const key = variant ? `v${variant.id}` : `i${index}`;
      const existing = merged.get(key);
      if (existing) {
        existing.quantity += line.quantity;
        return;
      }
      merged.set(key, {
        productId: line.productId,
        quantity: line.quantity,
        index,
        product: entry ? { ...entry.product, stock: variant?.stock ?? 0 } : null,
        variant: entry && variant ? toLineVariant(variant, entry.colours) : null,
        taxClass: entry?.taxClass ?? 'standard',
      });
    });
    return [...merged.values()];
  }

  /**
   * An earlier attempt holds the key this attempt could not claim: the order it made, or null
   * when this attempt may place it. The claim is the order's transaction's first write, so it
   * commits with the order or not at all (decision 029): a failed or killed attempt leaves the
   * key free. A second request while the first is in flight waits for it at its claim
   * (PostgreSQL holds the insert on the key's unique index until the first ends; SQLite's
   * writes run one after the other), then replays it.
   */
  async function orderOfHeldKey(
    tx: OrdersQueries,
    scope: string,
    key: string,
    requestHash: string,
  ): Promise<number | null> {
    const existing = await tx.findIdempotencyKey(scope, key);
    if (!existing) throw new Error(`Idempotency key ${key} conflicted but is missing`);
    if (existing.requestHash !== requestHash) {
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different order.',
      );
    }
    // A key without an order was claimed on its own before claims were written with their
    // order, by an attempt that never finished: this attempt takes it over.
    return existing.orderId;
  }

  async function applyCouponForOrder(
    tx: OrdersQueries,
    code: string,
    subtotal: number,
    email: string,
  ) {
    const coupon = await tx.findCoupon(code);
    if (!coupon) throw couponError(rejectCoupon('unknown'));
    const check = (usesByEmail: number) =>
      evaluateCoupon(coupon, { subtotal, email, usesByEmail, now: now() });
    // Rules first on what we read, then the guarded claim, then the per-email rule under its lock.
    const first = check(0);
    if (!first.applied) throw couponError(first);
    if (!(await tx.claimCouponUse(coupon.id))) throw couponError(rejectCoupon('used_up'));
    const result = check(await tx.countRedemptionsByEmail(coupon.id, email));
    if (!result.applied) throw couponError(result);
    return { coupon, discount: result.discount };
  }

  /** The order, or the id of the one an earlier attempt with this key made. */
  async function writeOrder(
    input: PlaceOrder,
    userId: string | null,
    idempotency: { scope: string; key: string; requestHash: string },
  ): Promise<Order | { replayOf: number }> {
    const { scope, key, requestHash } = idempotency;
    return repository.transaction(async (tx) => {
      // The claim and every read the checks and prices need, at once (one statement on
      // PostgreSQL). The new-order alert goes to the owners unless addresses are configured;
      // an order awaiting an online payment has no mail yet.
      const read = await tx.claimKeyAndRead(
        { scope, key, requestHash, at: now().toISOString() },
        productIdsOf(input.lines),
        {
          withOwnerEmails:
            mail.alertEmails === undefined && !payments.isOnline(input.paymentMethod),
        },
      );
      if (!read.claimed) {
        const replayOf = await orderOfHeldKey(tx, scope, key, requestHash);
        if (replayOf !== null) return { replayOf };
      }
      const lines = linesOf(read.catalog, input.lines);
      const fields: Record<string, string> = {};
      for (const line of lines) {
        if (line.quantity > ORDER_LINE_MAX_QUANTITY) {
          fields[`lines.${line.index}.quantity`] =
            `must be at most ${ORDER_LINE_MAX_QUANTITY} in all lines of this product`;
        }
      }
      if (Object.keys(fields).length > 0) {
        throw new AppError(400, 'invalid_request', 'Invalid body.', fields);
      }

      const { currency, lines: pricedLines, subtotal } = priceLines(lines);
      const priced = refuseUnorderable(pricedLines, currency);
      // What is plainly sold out is refused before any write; the stock is taken (and checked
      // again, under its lock) as the transaction's last step.
      const soldOut = priced.filter((l) => l.product.stock < l.quantity);
      if (soldOut.length > 0) {
        throw insufficientStock(
          soldOut,
          new Map(soldOut.map((l) => [l.variant.id, l.product.stock])),
        );
      }
      const email = input.billing.email;

      const coupon = input.couponCode
        ? await applyCouponForOrder(tx, input.couponCode, subtotal, email)
        : null;

      // Read once: the offer, the tax and the mail's subject all follow these settings.
      const { settings } = read;
      const rules = await checkoutRules(tx, read.checkoutRulesVersion);
      const appOffer = appOfferFor(input, { currency, subtotal }, settings);
      const discount = coupon?.discount ?? appOffer;
      const shipping = orderShipping(rules.zones, {
        address: input.billing,
        discountedSubtotal: subtotal - discount,
        methodId: input.shippingMethodId,
        paymentMethod: input.paymentMethod,
      });
      const place = taxPlace(rules, settings, input.billing.country);
      const tax = taxLines(priced, discount, shipping.amount, place);
      const totals = computeTotals(
        currency,
        { subtotal, discount, shipping: shipping.amount },
        tax,
        place.pricesIncludeTax,
      );
      const placedAt = now().toISOString();
      // An online payment holds the stock (taken below as for any order) until paid or expired.
      const holdUntil = payments.holdUntil(input.paymentMethod, placedAt);
      const newOrder = {
        number: orderNumber(),
        userId,
        email,
        paymentMethod: input.paymentMethod,
        billing: input.billing,
        shippingMethod: shipping.method,
        ...totals,
        couponCode: coupon?.coupon.code ?? null,
        createdAt: placedAt,
        locale: input.locale ?? 'en',
        holdUntil,
        lines: priced.map((l, i) => ({
          productId: l.productId,
          variant: l.variant,
          name: l.product.name,
          translations: l.product.translations,
          unitPrice: l.product.price,
          quantity: l.quantity,
          taxRate: lineRate(l.taxClass, place.standardRateBp),
          tax: tax.lineTaxes[i] ?? 0,
        })),
      };
      // Mail in the order's transaction: none for an order that rolls back, none lost if it
      // commits. An order awaiting payment is told of once paid (modules/payments), and is
      // invoiced then (decision 024).
      const mails =
        holdUntil === null
          ? placedOrderMails(settings, mail.alertEmails ?? read.ownerEmails, newOrder)
          : [];
      // The order, its lines, event, key, mails, stock, ledger and invoice in one go (one
      // statement on PostgreSQL, decision 029); the stock's conditional update refuses what
      // another order took since the check above. Without a coupon or the app's offer nothing
      // follows it, so it ends the transaction (unless it took over a key claimed before).
      const written = await tx.writePlacedOrder({
        key: { scope, key },
        order: newOrder,
        mails,
        sale: priced.map((l) => ({ variantId: l.variant.id, quantity: l.quantity })),
        invoiceSeller: holdUntil === null ? invoiceSeller(settings) : null,
        endsTransaction: !coupon && appOffer === 0 && read.claimed,
      });
      if ('short' in written) {
        const shortIds = new Set(written.short.map((s) => s.variantId));
        throw insufficientStock(
          priced.filter((l) => shortIds.has(l.variant.id)),
          new Map(written.short.map((s) => [s.variantId, s.left])),
        );
      }
      const orderId = written.row.id;
      // Claimed with the order's id; a refusal rolls the whole order back.
      if (coupon) {
        await tx.insertRedemption(coupon.coupon.id, orderId, email);
        const customer = { ...input.billing, userId };
        const rejected = await tx.claimFirstOrderCoupon(coupon.coupon.id, orderId, customer);
        if (rejected) throw couponError(rejected);
      } else if (appOffer > 0) {
        const customer = { ...input.billing, userId };
        if (!(await tx.claimFirstOrderDiscount(orderId, customer))) throw appOfferUsed();
      }
      // The order as its rows were stored, without reading them back.
      return toOrder(written.row, written.lines, [written.event]);
    });
  }

  /** A guest's look-up: the number and the email used must both match. */
  async function lookUpOrder(number: string, email: string): Promise<Order> {
    const found = await repository.findOrder({ number });
    if (!found || found.order.email.toLowerCase() !== email.toLowerCase()) {
      throw new NotFoundError('No order with that number and email address.');
    }
    return found.order;
  }

  return {
    /**
     * Places an order exactly once per Idempotency-Key: prices from the catalog, the coupon by
     * its rules, stock taken, and order, lines, redemption and key written in one transaction.
     */
    async placeOrder(
      input: PlaceOrder,
      context: { idempotencyKey: string; userId: string | null },
    ): Promise<PlaceOrderOutcome> {
      if (!payments.offers(input.paymentMethod)) {
        throw new AppError(400, 'invalid_request', 'Invalid body.', {
          paymentMethod: 'this shop does not take this payment method',
        });
      }
      const scope = context.userId ?? '';
      const key = context.idempotencyKey;
      const requestHash = orderRequestHash(input);
      const written = await writeOrder(input, context.userId, { scope, key, requestHash });
      const placed =
        'replayOf' in written
          ? { order: (await mustFindOrder(repository, written.replayOf)).order, created: false }
          : { order: written, created: true };
      // After the order's commit, and again on a replay: the open attempt's page (or a new one),
      // so coming back from the provider and sending the order again never makes a second one.
      const paymentRedirectUrl =
        placed.order.status === 'awaiting_payment'
          ? await payments.startAttempt(placed.order.id, input.locale ?? 'en')
          : undefined;
      const withPayment = {
        ...placed.order,
        ...(paymentRedirectUrl ? { paymentRedirectUrl } : {}),
      };
      if (!input.saveAddress) return { ...placed, order: withPayment };
      // After the order's commit: the order stands whatever becomes of the address.
      const addressBook = await saveToAddressBook(context.userId, input.billing);
      return { ...placed, order: { ...withPayment, addressBook } };
    },

    /** Current prices, availability and totals for a cart; nothing is reserved. */
    async quote(input: QuoteRequest): Promise<Quote> {
      const {
        currency,
        lines: priced,
        subtotal,
        hasItems,
      } = priceLines(linesOf(await repository.findCatalog(productIdsOf(input.lines)), input.lines));
      let coupon: Quote['coupon'] = null;
      let discount = 0;
      if (input.couponCode) {
        const found = await repository.findCoupon(input.couponCode);
        const usesByEmail =
          found && input.email
            ? await repository.countRedemptionsByEmail(found.id, input.email)
            : 0;
        const evaluated = found
          ? evaluateCoupon(found, {
              subtotal,
              email: input.email ?? null,
              usesByEmail,
              now: now(),
            })
          : rejectCoupon('unknown');
        const result =
          found && evaluated.applied && input.email
            ? ((await repository.previewFirstOrderCoupon(found.id, { email: input.email })) ??
              evaluated)
            : evaluated;
        coupon = {
          code: found?.code ?? input.couponCode.toUpperCase(),
          applied: result.applied,
          rejection: result.applied ? null : result.rejection,
          message: result.applied ? null : result.message,
        };
        if (result.applied) discount = result.discount;
      }
      const settings = await repository.shopSettings.read();
      const offer = hasItems ? appOfferFor(input, { currency, subtotal }, settings) : 0;
      const appOffer =
        offer > 0 &&
        !(input.email && (await repository.hadFirstOrderDiscount({ email: input.email })))
          ? { amount: offer }
          : null;
      if (appOffer) discount = appOffer.amount;
      const rules = await checkoutRules(repository);
      const shipping = quoteShipping(rules.zones, {
        address: input.address,
        discountedSubtotal: subtotal - discount,
        hasItems,
        methodId: input.shippingMethodId,
        paymentMethod: input.paymentMethod,
      });
      // Taxed once the address names a country the shop delivers to, as the order will be.
      const taxCountry =
        shipping.delivery === 'deliverable' ? (input.address?.country ?? null) : null;
      const place = taxPlace(rules, settings, taxCountry);
      return {
        ...computeTotals(
          currency,
          { subtotal, discount, shipping: shipping.amount },
          taxLines(priced, discount, shipping.amount, place),
          place.pricesIncludeTax,
        ),
        lines: priced.map((l) => ({
          productId: l.productId,
          variant: l.status === 'unavailable' ? null : l.variant,
          quantity: l.quantity,
          status: l.status,
          product: l.product && {
            name: l.product.name,
            slug: l.product.slug,
            image: l.product.image,
            price: l.product.price,
            compareAtPrice: l.product.compareAtPrice,
            currency: l.product.currency,
            stock: l.product.stock,
            translations: l.product.translations,
          },
          lineTotal: l.lineTotal,
        })),
        coupon,
        appOffer,
        freeShippingFrom: shipping.chosen?.freeOver ?? null,
        delivery: shipping.delivery,
        shippingOptions: shipping.options,
        shippingMethodId: shipping.chosen?.id ?? null,
      };
    },

    /** The shopper's orders, newest first, optionally of one status and at most `limit`. */
    async listOrders(userId: string, query: OrderListQuery = {}): Promise<Order[]> {
      return repository.listOrdersByUser(userId, query);
    },

    /** The owner's order; anyone else's is "not found", so ids reveal nothing. */
    async getOrder(userId: string, orderId: number): Promise<Order> {
      const found = await repository.findOrder({ id: orderId });
      if (!found || found.userId !== userId) throw new NotFoundError('No order with that id.');
      return found.order;
    },

    lookUpOrder,

    /**
     * A guest cancels, from the look-up, an order still awaiting its online payment: the same
     * ending as My Orders' cancel of one (the payments module ends the hold and closes the
     * page). A placed order stays for staff, as its owner's account is what cancels it otherwise.
     */
    async cancelLookedUpOrder(number: string, email: string): Promise<Order> {
      const { id, status } = await lookUpOrder(number, email);
      if (status !== 'awaiting_payment') {
        throw new AppError(
          409,
          'not_cancellable',
          'Only an order awaiting its payment can be cancelled here.',
        );
      }
      await payments.cancelAwaiting(id);
      return (await mustFindOrder(repository, id)).order;
    },

    /**
     * The owner cancels a pending order, or one still awaiting its online payment (once staff
     * have confirmed it, only staff can). A pending one is cancelled as staff cancel it (the
     * lifecycle table's `cancel`): stock and coupon use back, money paid online returned, the
     * invoice credited, the timeline and the shopper's mail.
     */
    async cancelOrder(user: { id: string; email: string }, orderId: number): Promise<Order> {
      const owned = await repository.findOrder({ id: orderId });
      if (!owned || owned.userId !== user.id) throw new NotFoundError('No order with that id.');
      if (owned.order.status === 'awaiting_payment') {
        // Still being paid online: the payments module ends the hold and closes the page.
        await payments.cancelAwaiting(orderId);
        return (await mustFindOrder(repository, orderId)).order;
      }
      return lifecycle.cancelPending(user, orderId);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
