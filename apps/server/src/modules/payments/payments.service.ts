import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LanguageCode } from '@souq/contracts/languages';
import { orderLifecycle } from '@souq/contracts/order-lifecycle';
import type { Order, PaymentMethod } from '@souq/contracts/orders';
import type { PaymentAttempt, PaymentState } from '@souq/contracts/payments';
import { systemActors, type AuditAction } from '@souq/contracts/staff';
import { toIsoString } from '../../db/dialect';
import { AppError, NotFoundError } from '../../http/errors';
import { mailText } from '../mail/mail-text';
import { renderRefundDeclinedAlert } from '../mail/templates/refund-declined-alert';
import {
  queueNewOrderAlerts,
  queueShopperMail,
  type OrderMailSettings,
} from '../orders/order-mails';
import {
  ProviderRefusedError,
  type OnlinePaymentProvider,
  type PaymentProvider,
  type ProviderPaymentState,
} from './payment-provider';
import type { PaymentProviders } from './payment-providers';
import type { CurrentStaff } from '../staff/staff-guard';
import type { PaymentRow, PaymentsQueries, PaymentsRepository } from './payments.repository';

/** Who the audit log names for what a provider's answer changed. */
const PROVIDER_ACTOR = { userId: null, email: systemActors.paymentProvider };

export interface PaymentsServiceDependencies {
  repository: PaymentsRepository;
  providers: PaymentProviders;
  mail: OrderMailSettings;
  /** The shop's address: the provider sends the shopper back to its return page. */
  publicUrl: string;
  holdMinutes: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  clock?: () => Date;
}

/** The attempt's return page, which the shopper comes back to paid or not. */
export const returnPath = (token: string) => `/checkout/payment/${token}`;

export function createPaymentsService({
  repository,
  providers,
  mail,
  publicUrl,
  holdMinutes,
  log,
  clock: now = () => new Date(),
}: PaymentsServiceDependencies) {
  function onlineProvider(name: string): OnlinePaymentProvider {
    const online = providers.byName(name)?.online;
    // Attempts are only made with an online provider; one removed from the settings since
    // cannot be asked or refunded until it is configured again.
    if (!online) throw new AppError(503, 'provider_not_configured', `${name} is not configured.`);
    return online;
  }

  function providerOfOrder(order: Order): PaymentProvider & { online: OnlinePaymentProvider } {
    const provider = providers.of(order.paymentMethod);
    if (!provider?.online) {
      throw new AppError(409, 'not_paid_online', 'This order is not paid online.');
    }
    return { ...provider, online: provider.online };
  }

  async function audit(
    tx: PaymentsQueries,
    order: Order,
    action: Extract<AuditAction, `order.${string}`>,
    after: unknown,
  ) {
    await tx.audit.record({
      actor: PROVIDER_ACTOR,
      action,
      entityType: 'order',
      entityId: order.id,
      before: { status: order.status },
      after,
      at: now(),
    });
  }

  /** The order's lines as the stock module takes and returns them. */
  const saleLines = (order: Order) =>
    order.lines.flatMap((l) =>
      l.variant ? [{ variantId: l.variant.id, quantity: l.quantity }] : [],
    );
  const returnLines = (order: Order) =>
    order.lines.map((l) => ({
      productId: l.productId,
      variantId: l.variant?.id ?? null,
      quantity: l.quantity,
    }));

  /** The paid order now stands: the payment is received and the shopper and staff are told. */
  async function settle(tx: PaymentsQueries, order: Order, from: 'awaiting_payment' | 'cancelled') {
    const at = now().toISOString();
    const moved = await tx.updateOrder(order.id, from, {
      status: 'pending',
      payment_status: 'received',
      payment_at: at,
      hold_until: null,
      cancelled_at: null,
    });
    if (!moved) throw new Error(`Order ${order.id} changed under its lock`);
    // Paid, the order is invoiced (decision 024): a hold that ends unpaid never takes a number.
    await tx.taxDocuments.issueInvoice(order, at, await tx.shopSettings.read());
    await tx.insertEvent(order.id, { type: 'payment_received', at });
    const after = (await tx.findOrder({ id: order.id }))?.order;
    if (!after) throw new Error(`Order ${order.id} is missing`);
    await queueShopperMail(tx, mail, 'order_placed', after, at);
    await queueNewOrderAlerts(
      tx,
      mail,
      mail.alertEmails ?? (await tx.findOwnerEmails()),
      after,
      at,
    );
    await audit(tx, order, 'order.paid', { status: 'pending' });
  }

  /**
   * Applies what the provider says of an attempt, once per event id. A payment that arrives
   * while the order awaits it settles the order; after the hold ran out it takes the stock again
   * if it is still there; in every other case (stock gone, the order cancelled, another attempt
   * paid first) the money is due back, and is refunded through the provider at once.
   */
  async function applyState(
    providerName: string,
    state: ProviderPaymentState,
    event?: { eventId: string; type: string },
  ): Promise<void> {
    const named = await repository.findPayment(
      state.attemptToken
        ? { token: state.attemptToken }
        : { provider: providerName, reference: state.reference ?? '' },
    );
    const found = named?.provider === providerName ? named : undefined;
    const refundDue = await repository.transaction(async (tx) => {
      const at = now().toISOString();
      if (
        event &&
        !(await tx.storeProviderEvent({
          provider: providerName,
          eventId: event.eventId,
          paymentId: found?.id ?? null,
          type: event.type,
          at,
        }))
      ) {
        return null;
      }
      if (!found) return null;
      const locked = await tx.lockOrder(found.order_id);
      const payment = await tx.findPayment({ id: found.id });
      if (!locked || !payment) return null;
      const { order, holdUntil } = locked;
      if (state.outcome === 'failed' || state.outcome === 'expired') {
        const ended = await tx.movePayment(payment.id, ['pending'], {
          status: state.outcome,
          updated_at: at,
        });
        // Once per attempt (a repeat finds it ended), and only while the stock is still held:
        // a page closed at the hold's end is the hold-end mail's to tell.
        if (ended && order.status === 'awaiting_payment' && holdUntil !== null && holdUntil > at) {
          await queueShopperMail(tx, mail, 'payment_failed', order, at, {
            retryUrl: `${publicUrl}${returnPath(payment.token)}`,
            stockReleased: false,
          });
        }
        return null;
      }
      if (state.outcome !== 'paid') return null;
      const paidAfterExpiry = payment.status === 'expired';
      const moved = await tx.movePayment(payment.id, ['pending', 'failed', 'expired'], {
        status: 'paid',
        charge_reference: state.chargeReference,
        updated_at: at,
      });
      if (!moved) return null; // paid already: a repeat under another event id
      if (order.status === 'awaiting_payment') {
        await settle(tx, order, 'awaiting_payment');
        return null;
      }
      if (paidAfterExpiry && order.status === 'cancelled') {
        const retaken = await tx.takeForSale(saleLines(order), { orderId: order.id, at });
        if (retaken.taken) {
          await settle(tx, order, 'cancelled');
          return null;
        }
      }
      await tx.setRefundDue(payment.id, true);
      await audit(tx, order, 'order.payment_to_refund', { paymentId: payment.id });
      return payment.id;
    });
    if (refundDue !== null) await refundWhole(refundDue);
  }

  /**
   * Sends back all of a paid attempt that must not be kept. Until the provider accepts, the
   * attempt stays due and the sweep tries again; the provider's idempotency key makes a repeat
   * (two servers, a retry after a timeout) one refund.
   */
  async function refundWhole(paymentId: number): Promise<boolean> {
    const payment = await repository.findPayment({ id: paymentId });
    if (!payment || payment.status !== 'paid' || !payment.reference) return false;
    let sent: { reference: string };
    try {
      sent = await onlineProvider(payment.provider).refund({
        reference: payment.reference,
        chargeReference: payment.charge_reference,
        amount: payment.amount_cents - payment.refunded_cents,
        currency: payment.currency,
        idempotencyKey: `souq-payment-${payment.token}-whole`,
      });
    } catch (error) {
      log.warn({ err: error, paymentId }, 'refund of a payment not kept did not go through');
      return false;
    }
    await repository.transaction(async (tx) => {
      const at = now().toISOString();
      const locked = await tx.lockOrder(payment.order_id);
      if (!locked) return;
      const moved = await tx.movePayment(payment.id, ['paid'], {
        status: 'refunded',
        refunded_cents: payment.amount_cents,
        updated_at: at,
      });
      if (!moved) return;
      await tx.setRefundDue(payment.id, false);
      const amount = payment.amount_cents - payment.refunded_cents;
      await tx.insertRefund({ paymentId, reference: sent.reference, amount, at });
      await tx.insertEvent(locked.order.id, { type: 'refunded', at, amount });
      await audit(tx, locked.order, 'order.payment_refunded', { paymentId, amount });
      await queueShopperMail(tx, mail, 'order_refunded', locked.order, at, {
        refundAmount: amount,
        note: locked.order.status === 'cancelled' ? soldOutNote(locked.order, amount) : null,
      });
    });
    return true;
  }

  function soldOutNote(order: Order, amount: number) {
    const money = new Intl.NumberFormat(order.locale, {
      style: 'currency',
      currency: order.currency,
    }).format(amount / 100);
    return mailText(order.locale)('order.paidAfterHoldSoldOut', { amount: money });
  }

  /**
   * Ends a hold that ran out: first asks the provider about each open attempt (a lost webhook
   * must not strand a paid order) and closes it there, then, if the order still awaits payment,
   * returns its stock through the ledger and cancels it. The order's conditional move makes the
   * ending happen once, whichever server's sweep gets there first.
   */
  async function expireHold(orderId: number): Promise<void> {
    const open = (await repository.paymentsOfOrder(orderId)).filter(
      (p) => p.status === 'pending' && p.reference !== null,
    );
    for (const attempt of open) {
      try {
        const online = onlineProvider(attempt.provider);
        const state = await online.ask(attempt.reference ?? '');
        if (state.outcome === 'paid') {
          await applyState(attempt.provider, state);
          continue;
        }
        if (state.outcome === 'pending') await online.cancel(attempt.reference ?? '');
      } catch (error) {
        // The provider is down: the hold ends anyway; a payment it reports later is still kept
        // or refunded by the rules for a payment after the hold.
        log.warn({ err: error, paymentId: attempt.id }, 'could not ask the provider at hold end');
      }
    }
    await repository.transaction(async (tx) => {
      const at = now().toISOString();
      const locked = await tx.lockOrder(orderId);
      if (!locked || locked.order.status !== 'awaiting_payment') return;
      if (locked.holdUntil === null || locked.holdUntil > at) return;
      const { order } = locked;
      if (
        !(await tx.updateOrder(orderId, 'awaiting_payment', {
          status: 'cancelled',
          cancelled_at: at,
        }))
      ) {
        throw new Error(`Order ${orderId} changed under its lock`);
      }
      const attempts = await tx.paymentsOfOrder(orderId);
      for (const attempt of attempts) {
        await tx.movePayment(attempt.id, ['pending', 'failed'], {
          status: 'expired',
          updated_at: at,
        });
      }
      await tx.putBack(returnLines(order), {
        reason: orderLifecycle.cancel.stockReturn,
        orderId,
        actor: null,
        at,
      });
      await tx.releaseRedemption(orderId);
      await tx.insertEvent(orderId, { type: 'cancelled', at });
      await audit(tx, order, 'order.hold_expired', { status: 'cancelled' });
      // A shopper whose attempt ended while the stock was held already knows (a declined card's
      // mail, or the return page when the provider could not start); anyone else is told now.
      const last = attempts.at(-1);
      const endedWhileHeld = attempts.some(
        (a) => a.status !== 'pending' && toIsoString(a.updated_at) < (locked.holdUntil ?? at),
      );
      if (last && !endedWhileHeld) {
        await queueShopperMail(tx, mail, 'payment_failed', order, at, {
          retryUrl: `${publicUrl}${returnPath(last.token)}`,
          stockReleased: true,
        });
      }
    });
  }

  /**
   * A new attempt on an order awaiting payment, or the open one (a shopper who comes back and
   * goes again pays on the same page, so one order is never taken twice by our doing).
   */
  async function startAttempt(orderId: number, locale: LanguageCode): Promise<string> {
    type Prepared =
      | { kind: 'existing'; url: string }
      | {
          kind: 'new';
          id: number;
          token: string;
          order: Order;
          provider: PaymentProvider & { online: OnlinePaymentProvider };
        };
    const prepared = await repository.transaction<Prepared>(async (tx) => {
      const at = now().toISOString();
      const locked = await tx.lockOrder(orderId);
      if (!locked) throw new NotFoundError('No order with that id.');
      const { order, holdUntil } = locked;
      const attempts = await tx.paymentsOfOrder(orderId);
      const last = attempts.at(-1);
      if (order.status !== 'awaiting_payment' || holdUntil === null || holdUntil <= at) {
        if (last) return { kind: 'existing', url: `${publicUrl}${returnPath(last.token)}` };
        throw new AppError(409, 'payment_closed', 'This order no longer takes a payment.');
      }
      if (last?.status === 'pending' && last.redirect_url)
        return { kind: 'existing', url: last.redirect_url };
      const provider = providerOfOrder(order);
      const token = randomUUID();
      const id = await tx.insertPayment({
        orderId,
        token,
        provider: provider.name,
        amount: order.total,
        currency: order.currency,
        at,
      });
      return { kind: 'new', id, token, order, provider };
    });
    if (prepared.kind === 'existing') return prepared.url;
    const { id, token, order, provider } = prepared;
    const returnUrl = `${publicUrl}${returnPath(token)}`;
    try {
      const started = await provider.online.start({
        token,
        orderNumber: order.number,
        email: order.email,
        country: order.billing.country,
        amount: order.total,
        currency: order.currency,
        locale,
        returnUrl,
      });
      await repository.transaction((tx) =>
        tx.movePayment(id, ['pending'], {
          reference: started.reference,
          redirect_url: started.redirectUrl,
          updated_at: now().toISOString(),
        }),
      );
      return started.redirectUrl;
    } catch (error) {
      log.warn({ err: error, paymentId: id }, 'the payment provider could not start a payment');
      await repository.transaction((tx) =>
        tx.movePayment(id, ['pending'], { status: 'failed', updated_at: now().toISOString() }),
      );
      // The return page says it failed and offers another try while the hold runs.
      return returnUrl;
    }
  }

  /**
   * The shopper gives up paying: the hold ends at once (stock back through the ledger, the
   * coupon use released, the cancel mail), then each open page is closed at the provider and
   * asked about. Its attempts stay as they were, so a payment that still arrives finds the
   * order cancelled and is refunded (decision 022's rule; only a hold that ran out takes stock
   * again).
   */
  async function cancelAwaiting(orderId: number): Promise<void> {
    await repository.transaction(async (tx) => {
      const at = now().toISOString();
      const locked = await tx.lockOrder(orderId);
      if (!locked) throw new NotFoundError('No order with that id.');
      const { order } = locked;
      if (
        !(await tx.updateOrder(orderId, 'awaiting_payment', {
          status: 'cancelled',
          cancelled_at: at,
          hold_until: null,
        }))
      ) {
        throw new AppError(409, 'not_cancellable', 'This order no longer awaits its payment.');
      }
      await tx.putBack(returnLines(order), {
        reason: orderLifecycle.cancel.stockReturn,
        orderId,
        actor: null,
        at,
      });
      await tx.releaseRedemption(orderId);
      await tx.insertEvent(orderId, { type: orderLifecycle.cancel.event, at });
      const after = (await tx.findOrder({ id: orderId }))?.order ?? order;
      await queueShopperMail(tx, mail, orderLifecycle.cancel.mail, after, at);
    });
    const open = (await repository.paymentsOfOrder(orderId)).filter(
      (p) => p.status === 'pending' && p.reference !== null,
    );
    for (const attempt of open) {
      try {
        const online = onlineProvider(attempt.provider);
        await online.cancel(attempt.reference ?? '');
        await applyState(attempt.provider, await online.ask(attempt.reference ?? ''));
      } catch (error) {
        // The provider is down: a payment it reports later finds the order cancelled and is
        // refunded; the return page asks again meanwhile.
        log.warn({ err: error, paymentId: attempt.id }, 'could not close a cancelled payment');
      }
    }
  }

  /** A refund sent for staff: a refusal is 409 and no answer 502, both saying what happened. */
  async function sendRefund(
    payment: PaymentRow,
    amount: number,
    idempotencyKey: string,
  ): Promise<{ reference: string }> {
    try {
      return await onlineProvider(payment.provider).refund({
        reference: payment.reference ?? '',
        chargeReference: payment.charge_reference,
        amount,
        currency: payment.currency,
        idempotencyKey,
      });
    } catch (error) {
      if (error instanceof ProviderRefusedError) {
        throw new AppError(
          409,
          'refund_refused',
          `The payment provider refused the refund: ${error.message}`,
        );
      }
      log.warn(
        { err: error, paymentId: payment.id },
        'refund: the payment provider did not answer',
      );
      throw new AppError(
        502,
        'provider_unavailable',
        'The payment provider did not answer; nothing was refunded or changed. Try again.',
      );
    }
  }

  /**
   * A refund the provider had accepted did not go through: the payment's refunded amount goes
   * back down, the refund shows declined with the provider's reason until staff send it again,
   * and the owners are told. Once per event, and once per refund however many events say it.
   */
  async function applyRefundDeclined(
    providerName: string,
    event: { eventId: string; type: string; refundReference: string; reason: string },
  ): Promise<void> {
    const refund = await repository.findRefund({
      provider: providerName,
      reference: event.refundReference,
    });
    await repository.transaction(async (tx) => {
      const at = now().toISOString();
      const stored = await tx.storeProviderEvent({
        provider: providerName,
        eventId: event.eventId,
        paymentId: refund?.payment_id ?? null,
        type: event.type,
        at,
      });
      if (!stored || !refund) return;
      const locked = await tx.lockOrder(refund.order_id);
      const payment = await tx.findPayment({ id: refund.payment_id });
      if (!locked || !payment) return;
      if (
        !(await tx.moveRefund(refund.id, 'sent', {
          status: 'declined',
          reason: event.reason,
          updated_at: at,
        }))
      ) {
        return;
      }
      const refunded = payment.refunded_cents - refund.amount_cents;
      await tx.movePayment(payment.id, ['refunded', 'partially_refunded'], {
        refunded_cents: refunded,
        status: refunded === 0 ? 'paid' : 'partially_refunded',
        updated_at: at,
      });
      const { order } = locked;
      await audit(tx, order, 'order.refund_declined', {
        refundId: refund.id,
        amount: refund.amount_cents,
        reason: event.reason,
      });
      const alert = renderRefundDeclinedAlert(
        {
          orderId: order.id,
          orderNumber: order.number,
          amount: refund.amount_cents,
          currency: payment.currency,
          reason: event.reason,
        },
        await tx.shopSettings.read(),
        mail.shop.url,
      );
      const owners = mail.alertEmails ?? (await tx.findOwnerEmails());
      for (const to of new Set(owners.map((o) => o.toLowerCase()))) {
        await tx.queueMail({ kind: 'refund_declined_alert', to, orderId: order.id, at, ...alert });
      }
    });
  }

  async function findByToken(token: string): Promise<PaymentRow> {
    const payment = await repository.findPayment({ token });
    if (!payment) throw new NotFoundError('No payment with that address.');
    return payment;
  }

  return {
    /** Until when an order paid by `method` holds its stock; null when it is placed at once. */
    holdUntil(method: PaymentMethod, placedAt: string): string | null {
      if (!providers.of(method)?.online) return null;
      return new Date(new Date(placedAt).getTime() + holdMinutes * 60_000).toISOString();
    },

    /** Whether checkout may offer the method now. */
    offers: (method: PaymentMethod) => providers.offers(method),

    isOnline: (method: PaymentMethod) => Boolean(providers.of(method)?.online),

    /** The staff action that records an offline method's payment as received. */
    settlesWith: (method: PaymentMethod) => providers.of(method)?.settlesWith ?? null,

    startAttempt,

    /** A provider's webhook: verified by its SDK, stored once, applied. */
    async takeEvent(
      providerName: string,
      rawBody: string,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<void> {
      const provider = providers.byName(providerName);
      if (!provider?.online) throw new NotFoundError('No such payment provider.');
      const event = provider.online.takeEvent(rawBody, headers);
      if (event.refundDeclined) {
        await applyRefundDeclined(provider.name, { ...event, ...event.refundDeclined });
        return;
      }
      if (!event.state) {
        await repository.transaction((tx) =>
          tx.storeProviderEvent({
            provider: provider.name,
            eventId: event.eventId,
            paymentId: null,
            type: event.type,
            at: now().toISOString(),
          }),
        );
        return;
      }
      await applyState(provider.name, event.state, event);
    },

    /** The return page: how the attempt stands, asking the provider while it is still open. */
    async stateOf(token: string): Promise<PaymentState> {
      let payment = await findByToken(token);
      if (payment.status === 'pending' && payment.reference) {
        try {
          await applyState(
            payment.provider,
            await onlineProvider(payment.provider).ask(payment.reference),
          );
          payment = await findByToken(token);
        } catch (error) {
          log.warn({ err: error, paymentId: payment.id }, 'could not ask the provider');
        }
      }
      const locked = await repository.lockOrder(payment.order_id);
      if (!locked) throw new NotFoundError('No payment with that address.');
      const at = now().toISOString();
      const holding =
        locked.order.status === 'awaiting_payment' &&
        locked.holdUntil !== null &&
        locked.holdUntil > at;
      return {
        status: payment.status,
        orderNumber: locked.order.number,
        orderStatus: locked.order.status,
        holdUntil: holding ? locked.holdUntil : null,
        canRetry: holding && payment.status !== 'paid',
      };
    },

    cancelAwaiting,

    /** The shopper cancels the order from its return page, while it awaits the payment. */
    async cancelByToken(token: string): Promise<void> {
      await cancelAwaiting((await findByToken(token)).order_id);
    },

    /** Another attempt at the same order, from its return page. */
    async retry(token: string, locale: LanguageCode): Promise<string> {
      const payment = await findByToken(token);
      return startAttempt(payment.order_id, locale);
    },

    /**
     * Sends part of an order's online payment back through the provider (a staff refund, a
     * cancel of a paid order). Nothing of ours changes unless the provider accepts; a refusal is
     * 409 and no answer 502, both saying what happened.
     */
    async refundOrder(order: Order, amount: number, idempotencyKey: string): Promise<void> {
      if (amount <= 0) return;
      const paid = (await repository.paymentsOfOrder(order.id)).find(
        (p) => (p.status === 'paid' || p.status === 'partially_refunded') && !p.refund_due,
      );
      if (!paid?.reference) return; // paid offline: the money goes back by hand, as recorded
      const left = paid.amount_cents - paid.refunded_cents;
      if (amount > left) {
        throw new AppError(
          409,
          'refund_exceeds_payment',
          'That is more than the payment has left.',
        );
      }
      const sent = await sendRefund(paid, amount, `souq-refund-${order.id}-${idempotencyKey}`);
      await repository.transaction(async (tx) => {
        const at = now().toISOString();
        await tx.movePayment(paid.id, ['paid', 'partially_refunded'], {
          refunded_cents: paid.refunded_cents + amount,
          status: amount === left ? 'refunded' : 'partially_refunded',
          updated_at: at,
        });
        await tx.insertRefund({ paymentId: paid.id, reference: sent.reference, amount, at });
      });
    },

    /**
     * Staff send a refund the provider declined again, under a key of its own (the declined
     * send's key would only replay its answer). Nothing changes unless the provider accepts.
     */
    async retryRefund(
      actor: Pick<CurrentStaff, 'id' | 'email'>,
      orderId: number,
      refundId: number,
    ): Promise<void> {
      const refund = await repository.findRefund({ id: refundId });
      if (!refund || refund.order_id !== orderId) throw new NotFoundError('No such refund.');
      if (refund.status !== 'declined') {
        throw new AppError(409, 'refund_not_declined', 'This refund was not declined.');
      }
      const payment = await repository.findPayment({ id: refund.payment_id });
      if (!payment) throw new NotFoundError('No such refund.');
      if (refund.amount_cents > payment.amount_cents - payment.refunded_cents) {
        throw new AppError(
          409,
          'refund_exceeds_payment',
          'That is more than the payment has left.',
        );
      }
      const sent = await sendRefund(
        payment,
        refund.amount_cents,
        `souq-payment-refund-${refund.id}-send-${refund.sends + 1}`,
      );
      await repository.transaction(async (tx) => {
        const at = now().toISOString();
        const locked = await tx.lockOrder(orderId);
        const current = await tx.findPayment({ id: payment.id });
        if (!locked || !current) return;
        if (
          !(await tx.moveRefund(refund.id, 'declined', {
            status: 'sent',
            provider_reference: sent.reference,
            reason: null,
            sends: refund.sends + 1,
            updated_at: at,
          }))
        ) {
          return; // sent again by someone else meanwhile; the provider's key made it once
        }
        const refunded = current.refunded_cents + refund.amount_cents;
        await tx.movePayment(payment.id, ['paid', 'partially_refunded'], {
          refunded_cents: refunded,
          status: refunded === current.amount_cents ? 'refunded' : 'partially_refunded',
          updated_at: at,
        });
        await tx.audit.record({
          actor: { userId: actor.id, email: actor.email },
          action: 'order.refund_retried',
          entityType: 'order',
          entityId: orderId,
          before: { refundId: refund.id, status: 'declined', reason: refund.reason },
          after: { refundId: refund.id, status: 'sent', amount: refund.amount_cents },
          at: new Date(at),
        });
      });
    },

    /** An order's attempts and their events, for the back office. */
    attemptsOfOrder: (orderId: number): Promise<PaymentAttempt[]> =>
      repository.attemptsOfOrder(orderId),

    /** One round of the sweep: holds that ran out, and money due back. */
    async sweep(limit = 50): Promise<void> {
      for (const orderId of await repository.expiredHolds(now().toISOString(), limit)) {
        await expireHold(orderId);
      }
      for (const payment of await repository.refundsDue(limit)) await refundWhole(payment.id);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
