import type { PaymentMethod } from '@souq/contracts/orders';

/** The words of the shopper's order mails, per language; `n` is the order number. */
export interface OrderMailText {
  shop: string;
  greeting: (name: string) => string;
  subject: {
    order_placed: (n: string) => string;
    order_confirmed: (n: string) => string;
    order_shipped: (n: string) => string;
    order_delivered: (n: string) => string;
    order_cancelled: (n: string) => string;
    order_refunded: (n: string) => string;
  };
  lead: {
    order_placed: (n: string) => string;
    order_confirmed: (n: string) => string;
    order_shipped: (n: string) => string;
    order_delivered: (n: string) => string;
    order_cancelled: (n: string) => string;
    order_refunded: (n: string, amount: string) => string;
  };
  paymentReceived: string;
  product: string;
  quantity: string;
  /** Labels of a line's variant. */
  colour: string;
  size: string;
  lineTotal: string;
  subtotal: string;
  discount: string;
  shipping: string;
  freeShipping: string;
  total: string;
  paymentMethodLabel: string;
  paymentMethod: Record<PaymentMethod, string>;
  bankDetails: (n: string) => string;
  bankDetailsLater: (n: string) => string;
  cashOnDelivery: string;
  carrier: string;
  trackingNumber: string;
  note: string;
  followOrder: string;
  signOff: string;
}

export const orderMailText: Record<'en' | 'ar', OrderMailText> = {
  en: {
    shop: 'Souq',
    greeting: (name) => `Hello ${name},`,
    subject: {
      order_placed: (n) => `Your Souq order ${n} has been placed`,
      order_confirmed: (n) => `Your Souq order ${n} is confirmed`,
      order_shipped: (n) => `Your Souq order ${n} is on its way`,
      order_delivered: (n) => `Your Souq order ${n} has been delivered`,
      order_cancelled: (n) => `Your Souq order ${n} has been cancelled`,
      order_refunded: (n) => `A refund for your Souq order ${n}`,
    },
    lead: {
      order_placed: (n) => `Thank you! We have received your order ${n}. Here is its summary.`,
      order_confirmed: (n) => `We have confirmed your order ${n} and are preparing it.`,
      order_shipped: (n) => `Your order ${n} has left us and is on its way to you.`,
      order_delivered: (n) => `Your order ${n} has been delivered. We hope you enjoy it.`,
      order_cancelled: (n) => `Your order ${n} has been cancelled.`,
      order_refunded: (n, amount) => `We have refunded ${amount} for your order ${n}.`,
    },
    paymentReceived: 'We have received your payment.',
    product: 'Product',
    quantity: 'Quantity',
    colour: 'Colour',
    size: 'Size',
    lineTotal: 'Subtotal',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    freeShipping: 'Free',
    total: 'Total',
    paymentMethodLabel: 'Payment method',
    paymentMethod: { bank_transfer: 'Bank transfer', cash_on_delivery: 'Cash on delivery' },
    bankDetails: (n) =>
      `Please transfer the total to this account, quoting your order number ${n}:`,
    bankDetailsLater: (n) =>
      `We will send you our bank details shortly; please quote your order number ${n} with the transfer.`,
    cashOnDelivery: 'You pay in cash when the order is delivered.',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    note: 'Note',
    followOrder: 'Follow your order at any time with its number and your email address:',
    signOff: 'The Souq team',
  },
  ar: {
    shop: 'سوق',
    greeting: (name) => `مرحبًا ${name}،`,
    subject: {
      order_placed: (n) => `تم استلام طلبك ${n} من سوق`,
      order_confirmed: (n) => `تم تأكيد طلبك ${n} من سوق`,
      order_shipped: (n) => `طلبك ${n} من سوق في الطريق إليك`,
      order_delivered: (n) => `تم تسليم طلبك ${n} من سوق`,
      order_cancelled: (n) => `تم إلغاء طلبك ${n} من سوق`,
      order_refunded: (n) => `استرداد مبلغ عن طلبك ${n} من سوق`,
    },
    lead: {
      order_placed: (n) => `شكرًا لك! استلمنا طلبك ${n}، وهذا ملخصه.`,
      order_confirmed: (n) => `أكّدنا طلبك ${n} ونعمل على تجهيزه.`,
      order_shipped: (n) => `غادر طلبك ${n} مستودعنا وهو في الطريق إليك.`,
      order_delivered: (n) => `تم تسليم طلبك ${n}. نتمنى أن ينال إعجابك.`,
      order_cancelled: (n) => `تم إلغاء طلبك ${n}.`,
      order_refunded: (n, amount) => `رددنا إليك مبلغ ${amount} عن طلبك ${n}.`,
    },
    paymentReceived: 'استلمنا دفعتك.',
    product: 'المنتج',
    quantity: 'الكمية',
    colour: 'اللون',
    size: 'المقاس',
    lineTotal: 'المجموع الفرعي',
    subtotal: 'المجموع الفرعي',
    discount: 'الخصم',
    shipping: 'الشحن',
    freeShipping: 'مجاني',
    total: 'الإجمالي',
    paymentMethodLabel: 'طريقة الدفع',
    paymentMethod: { bank_transfer: 'تحويل بنكي', cash_on_delivery: 'الدفع عند الاستلام' },
    bankDetails: (n) => `يرجى تحويل الإجمالي إلى الحساب التالي مع ذكر رقم طلبك ${n}:`,
    bankDetailsLater: (n) =>
      `سنرسل إليك تفاصيل حسابنا البنكي قريبًا، ويرجى ذكر رقم طلبك ${n} عند التحويل.`,
    cashOnDelivery: 'تدفع نقدًا عند تسليم الطلب.',
    carrier: 'شركة الشحن',
    trackingNumber: 'رقم التتبع',
    note: 'ملاحظة',
    followOrder: 'تابع طلبك في أي وقت برقمه وبريدك الإلكتروني:',
    signOff: 'فريق سوق',
  },
};
