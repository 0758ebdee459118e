import type { Product } from '@souq/contracts/catalog';
import { defaultLanguage, languageOf, shopLanguages } from '@souq/contracts/languages';
import { majorUnitsText } from '@souq/contracts/money';
import { SCRIPT_ESCAPED_CHARACTERS, type PageLanguage } from '@souq/contracts/page-render';
import type { Review } from '@souq/contracts/reviews';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { localized } from '../lib/localized';
import type { PageHead } from '../lib/page-data';

/** Where a page's tags point: the shop's public address and the page's path and query. */
export interface HeadContext {
  origin: string;
  /** The page's canonical address without `lang`, e.g. `/productS?category=phones&page=2`. */
  path: string;
  language: PageLanguage;
  /** `noindex`: search results and personal pages. */
  indexed: boolean;
  /** The shop's name, logo and contact details: social cards and JSON-LD. */
  shop: ShopSettings;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const scriptEscaped = new RegExp(`[${SCRIPT_ESCAPED_CHARACTERS.join('')}]`, 'g');

/** JSON inside `<script>`: `SCRIPT_ESCAPED_CHARACTERS` escaped, so no text in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    scriptEscaped,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A page's address in a language: the default language's is the page itself, others add `lang=`. */
export function pageUrl(origin: string, path: string, language: PageLanguage): string {
  const url = new URL(path, origin);
  if (language !== defaultLanguage) url.searchParams.set('lang', language);
  return url.href;
}

/** A published review as schema.org's Review, in the language its author wrote it in. */
function reviewJsonLd(review: Review) {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.author },
    datePublished: review.createdAt.slice(0, 10),
    name: review.title,
    reviewBody: review.body,
    inLanguage: review.language,
    reviewRating: {
      '@type': 'Rating',
      ratingValue: review.rating,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

function productJsonLd(product: Product, head: PageHead, context: HeadContext) {
  const url = pageUrl(context.origin, context.path, context.language);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: localized(product, 'name', context.language),
    description: localized(product, 'description', context.language),
    sku: String(product.id),
    url,
    image: product.images.map((image) => new URL(image, context.origin).href),
    category: localized(product.category, 'name', context.language),
    ...(product.rating.count > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: product.rating.average,
        reviewCount: product.rating.count,
      },
    }),
    ...(head.reviews?.length && { review: head.reviews.map(reviewJsonLd) }),
    offers: {
      '@type': 'Offer',
      url,
      price: majorUnitsText(product.price, product.currency),
      priceCurrency: product.currency,
      availability:
        product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
}

function breadcrumbJsonLd(trail: NonNullable<PageHead['breadcrumbs']>, context: HeadContext) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: pageUrl(context.origin, step.path, context.language),
    })),
  };
}

/** The shop's address as schema.org writes one; undefined when the owner has given none. */
function postalAddress(address: ShopSettings['address']) {
  if (address.line1 === '' && address.city === '') return undefined;
  return {
    '@type': 'PostalAddress',
    streetAddress: [address.line1, address.line2].filter(Boolean).join(', '),
    addressLocality: address.city,
    ...(address.region && { addressRegion: address.region }),
    ...(address.postalCode && { postalCode: address.postalCode }),
    addressCountry: address.country,
  };
}

/** The home page's: who the shop is (a Store, with what its owner has set), and how to search it. */
function shopJsonLd(context: HeadContext) {
  const { shop } = context;
  const home = pageUrl(context.origin, '/', context.language);
  const sameAs = Object.values(shop.socialLinks).filter(Boolean);
  const address = postalAddress(shop.address);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Store',
      name: shop.shopName,
      url: home,
      logo: new URL(shop.logo ?? '/favicon.svg', context.origin).href,
      ...(shop.legalName && { legalName: shop.legalName }),
      ...(address && { address }),
      ...(shop.supportPhone && { telephone: shop.supportPhone }),
      ...(shop.supportEmail && { email: shop.supportEmail }),
      ...(shop.vatNumber && { vatID: shop.vatNumber }),
      ...(sameAs.length > 0 && { sameAs }),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: shop.shopName,
      url: home,
      inLanguage: context.language,
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${new URL('/search', context.origin).href}?query={search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/**
 * Everything `<head>` says about a server-rendered page: title and description, canonical
 * address and its alternates in every shop language and the default, Open Graph and Twitter cards, and
 * JSON-LD (a product with its offer and breadcrumbs, the shop on its home page).
 */
export function headTags(head: PageHead, context: HeadContext, title: string): string {
  const path = context.path;
  const canonical = pageUrl(context.origin, path, context.language);
  const image = head.image && new URL(head.image, context.origin).href;
  const product = head.product;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ];
  if (!context.indexed) tags.push('<meta name="robots" content="noindex">');
  tags.push(
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...shopLanguages.map(
      ({ code }) =>
        `<link rel="alternate" hreflang="${code}" href="${escapeHtml(pageUrl(context.origin, path, code))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(context.origin, path, defaultLanguage))}">`,
  );
  const properties: [string, string | undefined][] = [
    ['og:type', product ? 'product' : 'website'],
    ['og:site_name', context.shop.shopName],
    ['og:title', title],
    ['og:description', head.description],
    ['og:url', canonical],
    ['og:locale', languageOf(context.language).ogLocale],
    ['og:image', image],
    ['product:price:amount', product && majorUnitsText(product.price, product.currency)],
    ['product:price:currency', product?.currency],
  ];
  const names: [string, string | undefined][] = [
    ['twitter:card', image ? 'summary_large_image' : 'summary'],
    ['twitter:title', title],
    ['twitter:description', head.description],
    ['twitter:image', image],
  ];
  for (const [property, content] of properties) {
    if (content) tags.push(`<meta property="${property}" content="${escapeHtml(content)}">`);
  }
  for (const [name, content] of names) {
    if (content) tags.push(`<meta name="${name}" content="${escapeHtml(content)}">`);
  }
  const jsonLd = [
    ...(product ? [productJsonLd(product, head, context)] : []),
    ...(head.breadcrumbs ? [breadcrumbJsonLd(head.breadcrumbs, context)] : []),
    ...(context.path === '/' ? shopJsonLd(context) : []),
  ];
  for (const item of jsonLd) {
    tags.push(`<script type="application/ld+json">${scriptJson(item)}</script>`);
  }
  return tags.join('');
}
