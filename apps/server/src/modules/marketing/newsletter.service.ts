import { randomBytes } from 'node:crypto';
import type { NewsletterSubscription } from '@souq/contracts/newsletter';
import type { NewsletterRepository } from './newsletter.repository';

export const FIRST_ORDER_PERCENT_OFF = 10;

/** Letters and digits that cannot be mistaken for one another when typed from an email. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** WELCOME10-XXXXXXXX: 8 random characters, 40 bits, too many to guess. */
export function newFirstOrderCode(): string {
  const suffix = Array.from(randomBytes(8), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]);
  return `WELCOME${FIRST_ORDER_PERCENT_OFF}-${suffix.join('')}`;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createNewsletterService({ repository }: { repository: NewsletterRepository }) {
  return {
    /**
     * Subscribes an address once and gives it a single-use first-order coupon. Subscribing
     * again answers with the same code, so the reply never reveals whether the address was
     * already known and nobody collects a new discount per attempt.
     */
    subscribe(rawEmail: string): Promise<NewsletterSubscription> {
      const email = normaliseEmail(rawEmail);
      return repository.transaction(async (newsletter) => {
        const subscriberId = await newsletter.addSubscriber(email);
        if (subscriberId !== null) {
          const coupon = { code: newFirstOrderCode(), percentOff: FIRST_ORDER_PERCENT_OFF };
          await newsletter.giveFirstOrderCoupon(subscriberId, email, coupon);
          return { status: 'subscribed', couponCode: coupon.code, percentOff: coupon.percentOff };
        }
        const coupon = await newsletter.findSubscriberCoupon(email);
        if (!coupon) throw new Error(`Subscriber ${email} has no first-order coupon`);
        return { status: 'subscribed', couponCode: coupon.code, percentOff: coupon.percentOff };
      });
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
