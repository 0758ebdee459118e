// The bench's order: what a shopper's cash-on-delivery checkout sends.

/** A bench shopper's cash-on-delivery order of these lines, as the request's JSON. */
export function cashOrder(
  lines: { productId: number; variantId: number; quantity: number }[],
): string {
  return JSON.stringify({
    lines,
    billing: {
      firstName: 'Bench',
      streetAddress: '1 Load Street',
      city: 'Cairo',
      country: 'EG',
      phone: '+20 100 000 0000',
      email: 'bench@example.com',
    },
    paymentMethod: 'cash_on_delivery',
  });
}
