/**
 * Every link inside the shop is built here, so a page's address is written once. The odd
 * spellings (`/productS`, `/productdetails/:id`) are the seed's and stay as they are.
 * app/route-table.ts holds the matching route patterns.
 */
const searchPath = '/search';

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
  search: (query: string) => `${searchPath}?query=${encodeURIComponent(query)}`,
  checkoutWithCoupon: (code: string) => `/checkout?coupon=${encodeURIComponent(code)}`,
  orderConfirmation: (number: string) => `/order-confirmation/${encodeURIComponent(number)}`,
  myOrder: (id: number | string) => `/account/orders/${encodeURIComponent(String(id))}`,
  myOrderInvoice: (id: number) => `/account/orders/${id}/invoice`,
} as const;

/** The longest search the shop reads: a longer text is cut, and the search box holds no more. */
export const MAX_SEARCH_LENGTH = 200;

/** The search the parameters of an address made by `paths.search` carry. */
export function searchQueryIn(params: URLSearchParams): string {
  return (params.get('query') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
}

export const isSearchPage = (pathname: string) => pathname === searchPath;
