import type { Product } from '@souq/contracts/catalog';
import { TruckIcon } from '../../components/ui/icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, primaryLinkClass } from '../../components/ui/button';
import { HydrateInTurn } from '../../components/ui/hydrate-in-turn';
import { LazySection } from '../../components/ui/lazy-section';
import { Price } from '../../components/ui/price';
import { Swatch } from '../../components/ui/swatch';
import { isNotFound } from '../../lib/api-error';
import { localized } from '../../lib/localized';
import { moneyInText } from '../../lib/money';
import { useGetProductQuery, useGetProductsQuery } from '../../lib/catalog-api';
import { ReturnIcon } from './catalog-icons';
import { ProductGallery } from './product-gallery';
import { ProductGrid } from '../../shared/product/product-grid';
import { useAddToCart, WishlistToggle } from '../../shared/product/product-actions';
import { QuantityStepper } from '../../shared/quantity-stepper';
import { Rating } from '../../shared/product/rating';
import { relatedProducts } from './catalog-params';
import { BackInStockForm } from './back-in-stock-form';
import { SectionHeading } from './section-heading';
import { paths } from '../../lib/paths';
import { useFreeDeliveryFrom } from '../../lib/shop-settings';
import {
  findVariant,
  firstColourInStock,
  isColourSoldOut,
  sizeAvailability,
} from '../../lib/variants';

// The reviews (their form, with react-hook-form and the review schemas in zod) load when they
// come near or the browser is idle, not before the page's first render.
const ProductReviews = lazy(() =>
  import('./product-reviews').then((module) => ({ default: module.ProductReviews })),
);

/** At or below this many left, the page says "Only N left". */
const LOW_STOCK = 5;

/** A line across a sold-out colour's swatch (the swatch alone would say it by colour only). */
const soldOutMark =
  "after:pointer-events-none after:absolute after:left-1/2 after:top-1/2 after:h-0.5 after:w-8 after:-translate-x-1/2 after:-translate-y-1/2 after:-rotate-45 after:bg-brand after:content-['']";

export default function ProductDetailsPage() {
  const { id = '' } = useParams();
  const product = useGetProductQuery(id);

  if (product.isLoading) return <ProductDetailsSkeleton />;
  if (!product.data) return <ProductUnavailable notFound={isNotFound(product.error)} />;
  // Keyed so the gallery, choices and quantity start afresh on another product.
  return <ProductDetails key={product.data.id} product={product.data} />;
}

function ProductDetails({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const freeDeliveryFrom = useFreeDeliveryFrom();
  const navigate = useNavigate();
  const addProductToCart = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const [colour, setColour] = useState(() => firstColourInStock(product));
  const [size, setSize] = useState<string>();
  const [sizeMissing, setSizeMissing] = useState(false);
  const [buyButtons, setBuyButtons] = useState<HTMLDivElement | null>(null);
  const buyButtonsPassed = useScrolledPast(buyButtons);
  const name = localized(product, 'name', i18n.language);
  const sizes = sizeAvailability(product, colour);
  const variant = findVariant(product, { colour, size });
  // Until a size is chosen, what the chosen colour has in all its sizes.
  const stock =
    variant?.stock ??
    product.variants
      .filter((v) => v.colour === null || v.colour === colour)
      .reduce((sum, v) => sum + v.stock, 0);
  const outOfStock = stock === 0;
  const shownQuantity = Math.min(quantity, Math.max(1, stock));
  const colourEntry = product.colours.find((c) => c.name === colour);
  const colourName = colourEntry ? localized(colourEntry, 'name', i18n.language) : undefined;
  // Joined by our own words rather than Intl.ListFormat, whose output the server's and the
  // browser's ICU could word differently, changing the page as it hydrates.
  const soldOutSizes = sizes
    .filter((s) => !s.available)
    .map((s) => s.size)
    .join(t('productDetails.listSeparator'));

  function chooseColour(next: string) {
    setColour(next);
    // A size sold out in the new colour is no longer a choice.
    if (size && !sizeAvailability(product, next).some((s) => s.size === size && s.available)) {
      setSize(undefined);
    }
  }

  function add(): boolean {
    if (product.sizes.length > 0 && !size) {
      setSizeMissing(true);
      document.getElementById('size-choice')?.focus();
      return false;
    }
    if (!variant || variant.stock === 0) return false;
    addProductToCart({ product, variant, quantity: shownQuantity });
    return true;
  }

  const stockLabel = outOfStock
    ? t('product.outOfStock')
    : stock <= LOW_STOCK
      ? t('product.lowStock', { count: stock })
      : t('product.inStock');

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <nav aria-label={t('productDetails.breadcrumb')} className="mb-6 text-sm text-muted md:mb-10">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to={paths.home} className="hover:underline">
              {t('productDetails.home')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={paths.category(product.category.slug)} className="hover:underline">
              {localized(product.category, 'name', i18n.language)}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-neutral-900">
            {name}
          </li>
        </ol>
      </nav>
      <div className="grid gap-10 md:grid-cols-[3fr_2fr] lg:gap-16">
        <HydrateInTurn>
          <ProductGallery images={product.images} name={name} />
        </HydrateInTurn>
        <HydrateInTurn>
          <div className="flex flex-col gap-5">
            <h1 className="text-2xl font-semibold">{name}</h1>
            <div className="flex flex-wrap items-center gap-4">
              <Rating average={product.rating.average} count={product.rating.count} />
              <span aria-hidden="true" className="h-4 border-s border-neutral-400" />
              <span
                data-testid="stock-status"
                aria-live="polite"
                className={
                  outOfStock
                    ? 'text-brand'
                    : stock <= LOW_STOCK
                      ? 'text-amber-700'
                      : 'text-green-700'
                }
              >
                {stockLabel}
              </span>
            </div>
            <Price
              amount={product.price}
              compareAt={product.compareAtPrice}
              currency={product.currency}
              className="text-2xl"
            />
            <p className="border-b border-neutral-400 pb-6 text-sm leading-6">
              {localized(product, 'description', i18n.language)}
            </p>
            {product.colours.length > 0 && (
              <HydrateInTurn>
                <fieldset className="flex flex-wrap items-center gap-2">
                  <legend className="float-start me-2 text-lg">
                    {t('productDetails.colours')}
                  </legend>
                  {product.colours.map((c) => {
                    const soldOut = isColourSoldOut(product, c.name);
                    const label = localized(c, 'name', i18n.language);
                    return (
                      // The value sent with the order stays the shop's own name; the shopper reads theirs.
                      <label
                        key={c.name}
                        data-sold-out={soldOut || undefined}
                        className={`relative flex size-11 cursor-pointer items-center justify-center ${soldOut ? soldOutMark : ''}`}
                      >
                        <input
                          type="radio"
                          name="colour"
                          value={c.name}
                          checked={colour === c.name}
                          onChange={() => chooseColour(c.name)}
                          className="peer sr-only"
                        />
                        <span className="sr-only">
                          {soldOut ? t('productDetails.optionSoldOut', { option: label }) : label}
                        </span>
                        <Swatch hex={c.hex} title={label} className="size-8" />
                      </label>
                    );
                  })}
                  {colourName && (
                    <span data-testid="chosen-colour" className="text-sm">
                      <bdi>{colourName}</bdi>
                      {isColourSoldOut(product, colour ?? '') && (
                        <span className="text-brand"> · {t('productDetails.soldOut')}</span>
                      )}
                    </span>
                  )}
                </fieldset>
              </HydrateInTurn>
            )}
            {product.sizes.length > 0 && (
              <HydrateInTurn>
                <fieldset
                  id="size-choice"
                  tabIndex={-1}
                  aria-describedby={
                    [sizeMissing && 'size-missing', soldOutSizes && 'sizes-sold-out']
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  className="flex flex-wrap items-center gap-2"
                >
                  <legend className="float-start me-2 text-lg">{t('productDetails.size')}</legend>
                  {sizes.map(({ size: s, available }) => (
                    <label
                      key={s}
                      className={`relative ${available ? 'cursor-pointer' : 'cursor-not-allowed'}`}
                    >
                      <input
                        type="radio"
                        name="size"
                        value={s}
                        checked={size === s}
                        disabled={!available}
                        onChange={() => {
                          setSize(s);
                          setSizeMissing(false);
                        }}
                        className="peer sr-only"
                      />
                      <span
                        aria-hidden={available ? undefined : true}
                        className={`flex h-11 min-w-11 items-center justify-center rounded border px-3 text-sm peer-checked:border-brand peer-checked:bg-brand peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-brand ${available ? 'border-neutral-400' : 'border-dashed border-neutral-300 text-neutral-500 line-through'}`}
                      >
                        {s}
                      </span>
                      {!available && (
                        <span className="sr-only">
                          {t('productDetails.optionSoldOut', { option: s })}
                        </span>
                      )}
                    </label>
                  ))}
                  {soldOutSizes && (
                    <p id="sizes-sold-out" className="w-full text-sm text-muted">
                      {colourName
                        ? t('productDetails.sizesSoldOutIn', {
                            colour: colourName,
                            sizes: soldOutSizes,
                          })
                        : t('productDetails.sizesSoldOut', { sizes: soldOutSizes })}
                    </p>
                  )}
                  {sizeMissing && (
                    <p id="size-missing" role="alert" className="w-full text-sm text-brand">
                      {t('productDetails.chooseSize')}
                    </p>
                  )}
                </fieldset>
              </HydrateInTurn>
            )}
            <HydrateInTurn>
              <div ref={setBuyButtons} className="flex flex-wrap items-center gap-4">
                <QuantityStepper
                  name={name}
                  value={shownQuantity}
                  min={1}
                  max={stock}
                  maxReason="inStock"
                  onChange={setQuantity}
                  disabled={outOfStock}
                />
                <Button
                  disabled={outOfStock}
                  onClick={() => void add()}
                  variant="outline"
                  className="grow"
                >
                  {t('product.addToCart')}
                </Button>
                <Button
                  disabled={outOfStock}
                  onClick={() => {
                    if (add()) void navigate(paths.cart);
                  }}
                  className="grow"
                >
                  {t('productDetails.buyNow')}
                </Button>
                <WishlistToggle
                  product={product}
                  className="rounded border border-neutral-400 p-2.5"
                />
              </div>
            </HydrateInTurn>
            {(outOfStock || soldOutSizes !== '') && (
              <BackInStockForm product={product} colour={colour} size={size} />
            )}
            <HydrateInTurn>
              <ul className="mt-4 rounded border border-neutral-400">
                {freeDeliveryFrom !== null && (
                  <li className="flex items-center gap-4 border-b border-neutral-400 p-4">
                    <TruckIcon width={36} height={36} className="shrink-0" />
                    <div>
                      <p className="font-medium">{t('productDetails.deliveryTitle')}</p>
                      <p className="text-xs">
                        {t('productDetails.deliveryBody', {
                          amount: moneyInText(freeDeliveryFrom, product.currency, i18n.language),
                        })}
                      </p>
                    </div>
                  </li>
                )}
                <li className="flex items-center gap-4 p-4">
                  <ReturnIcon width={36} height={36} className="shrink-0" />
                  <div>
                    <p className="font-medium">{t('productDetails.returnsTitle')}</p>
                    <p className="text-xs">{t('productDetails.returnsBody')}</p>
                  </div>
                </li>
              </ul>
            </HydrateInTurn>
          </div>
        </HydrateInTurn>
      </div>
      {/* Below the fold: its reads wait until it comes near, as the home page's sections do. */}
      <LazySection placeholder={<div className="mt-20 min-h-96" />} orOnceIdle>
        <Suspense fallback={<div className="mt-20 min-h-96" />}>
          <ProductReviews product={product} />
        </Suspense>
      </LazySection>
      <RelatedItems product={product} />
      {buyButtonsPassed && (
        <section
          aria-label={t('productDetails.quickBuy')}
          className="sticky bottom-0 z-30 -mx-4 mt-6 flex items-center gap-3 border-t border-neutral-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.08)] md:hidden"
        >
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm">{name}</p>
            <Price
              amount={product.price}
              compareAt={product.compareAtPrice}
              currency={product.currency}
            />
          </div>
          <Button disabled={outOfStock} onClick={() => void add()} className="shrink-0 px-5">
            {t('product.addToCart')}
          </Button>
        </section>
      )}
    </div>
  );
}

/**
 * Whether `element` has scrolled up out of view: the phone's quick-buy bar shows then, and not
 * while the element is on screen or still below it.
 */
function useScrolledPast(element: HTMLElement | null): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    if (!element) return;
    // The watched area reaches far below the screen, so the element leaves it only by going up
    // (a jump from below the screen to above it, as a restored scroll makes, crosses it too).
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setPassed(!entry.isIntersecting);
      },
      { rootMargin: '0px 0px 100000px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return passed;
}

function RelatedItems({ product }: { product: Product }) {
  const { t } = useTranslation();
  const related = useGetProductsQuery(relatedProducts.query(product));
  const items = related.data?.items
    .filter((p) => p.id !== product.id)
    .slice(0, relatedProducts.count);
  if (related.data && items?.length === 0) return null;
  return (
    <HydrateInTurn>
      <section aria-labelledby="related-heading" className="mt-20">
        <SectionHeading
          eyebrow={t('productDetails.relatedEyebrow')}
          title={t('productDetails.related')}
          id="related-heading"
        />
        <ProductGrid
          products={items}
          loading={related.isLoading}
          skeletonCount={relatedProducts.count}
        />
      </section>
    </HydrateInTurn>
  );
}

function ProductUnavailable({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <h1 className="text-3xl font-semibold">
        {notFound ? t('productDetails.notFoundTitle') : t('errors.productsUnavailable')}
      </h1>
      <p className="text-muted">{t('productDetails.notFoundBody')}</p>
      <Link to={paths.products} className={primaryLinkClass}>
        {t('productDetails.backToShop')}
      </Link>
    </div>
  );
}

/** The page's shape while the product loads, so nothing moves when it arrives. */
function ProductDetailsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="mx-auto max-w-7xl animate-pulse px-4 py-6 md:py-10">
      <span className="sr-only">{t('common.loading')}</span>
      <div aria-hidden="true" className="mb-6 h-5 w-64 rounded bg-surface md:mb-10" />
      <div aria-hidden="true" className="grid gap-10 md:grid-cols-[3fr_2fr] lg:gap-16">
        <div className="aspect-square rounded bg-surface" />
        <div className="flex flex-col gap-5">
          <div className="h-8 w-3/4 rounded bg-surface" />
          <div className="h-5 w-1/2 rounded bg-surface" />
          <div className="h-8 w-1/4 rounded bg-surface" />
          <div className="h-24 rounded bg-surface" />
          <div className="h-11 rounded bg-surface" />
        </div>
      </div>
    </div>
  );
}
