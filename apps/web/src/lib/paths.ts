/**
 * Every link inside the shop is built here, so a page's address is written once. The odd
 * spellings (`/productS`, `/productdetails/:id`) are the seed's and stay as they are.
 * app/route-table.ts holds the matching route patterns.
 */
export const paths = {
  home: '/',
  contact: '/contact',
  about: '/about',
  signup: '/signup',
  login: '/login',
  forgotPassword: '/forgot-password',
  cart: '/cart',
  wishlist: '/wishlist',
  products: '/productS',
  /** Every category with its product count. */
  categories: '/category',
  account: '/account',
  addressBook: '/account#addresses',
  myOrders: '/account/orders',
  myCancellations: '/account/cancellations',
  checkout: '/checkout',
  orderLookup: '/orders/lookup',
  /** A guest's invoice: the look-up travels in the page's state. */
  guestInvoice: '/orders/lookup/invoice',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  faq: '/faq',
  product: (id: number) => `/productdetails/${id}`,
  category: (slug: string) => `/category?category=${encodeURIComponent(slug)}`,
  search: (query: string) => `/search?query=${encodeURIComponent(query)}`,
  checkoutWithCoupon: (code: string) => `/checkout?coupon=${encodeURIComponent(code)}`,
  orderConfirmation: (number: string) => `/order-confirmation/${encodeURIComponent(number)}`,
  myOrder: (id: number | string) => `/account/orders/${encodeURIComponent(String(id))}`,
  myOrderInvoice: (id: number) => `/account/orders/${id}/invoice`,
} as const;
