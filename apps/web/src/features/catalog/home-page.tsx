import { mediaSrcSet } from '@souq/contracts/media';
import type { Category } from '@souq/contracts/catalog';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryLinkClass } from '../../components/ui/button';
import { ServiceStrip } from '../../components/ui/service-strip';
import { localized } from '../../lib/localized';
import {
  useGetCategoriesQuery,
  useGetFlashSaleQuery,
  useGetProductsQuery,
} from '../../lib/catalog-api';
import {
  ArrowForwardIcon,
  CameraIcon,
  ComputerIcon,
  GamepadIcon,
  HeadphonesIcon,
  PhoneIcon,
  SmartWatchIcon,
} from './catalog-icons';
import { Countdown, CountdownPlaceholder } from '../../components/ui/countdown';
import { HydrateInTurn } from '../../components/ui/hydrate-in-turn';
import { LazySection } from '../../components/ui/lazy-section';
import { ProductGrid } from '../../shared/product/product-grid';
import { ProductRow } from './product-row';
import { SectionHeading } from './section-heading';
import { paths } from '../../lib/paths';

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-16 px-4 md:gap-20">
      <HydrateInTurn>
        <div className="flex flex-col gap-8 md:flex-row">
          <CategorySidebar />
          <Hero />
        </div>
      </HydrateInTurn>
      <HydrateInTurn>
        <FlashSaleSection />
      </HydrateInTurn>
      <hr className="border-neutral-200" />
      {/* Below the first screen: rendered (and fetched) as the shopper scrolls towards them. */}
      <LazySection placeholder={<Placeholder className="h-80" />}>
        <BrowseByCategory />
      </LazySection>
      <hr className="border-neutral-200" />
      <LazySection placeholder={<Placeholder className="h-[560px]" />}>
        <ProductSection
          id="best-selling"
          eyebrow={t('home.thisMonth')}
          title={t('home.bestSelling')}
          sort="best_selling"
          limit={4}
        />
      </LazySection>
      <HydrateInTurn>
        <PromoBanner />
      </HydrateInTurn>
      <LazySection placeholder={<Placeholder className="h-[1100px]" />}>
        <ProductSection
          id="explore"
          eyebrow={t('home.ourProducts')}
          title={t('home.exploreProducts')}
          sort="rating"
          limit={8}
          viewAll
        />
      </LazySection>
      <LazySection placeholder={<Placeholder className="h-[760px]" />}>
        <NewArrival />
      </LazySection>
      <LazySection placeholder={<Placeholder className="h-[720px] sm:h-80" />}>
        <ServiceStrip />
      </LazySection>
    </div>
  );
}

function Placeholder({ className }: { className: string }) {
  return <div aria-hidden="true" className={className} />;
}

function CategorySidebar() {
  const { t, i18n } = useTranslation();
  const categories = useGetCategoriesQuery(undefined);
  return (
    <nav
      aria-label={t('home.categories')}
      className="hidden w-56 shrink-0 border-e border-neutral-200 pt-10 pe-4 md:block"
    >
      <ul className="flex flex-col gap-3">
        {categories.data
          ? categories.data.items.slice(0, 9).map((category) => (
              <li key={category.slug} className="h-6">
                <Link to={paths.category(category.slug)} className="hover:text-brand">
                  {localized(category, 'name', i18n.language)}
                </Link>
              </li>
            ))
          : Array.from({ length: 9 }, (_, i) => (
              <li
                key={i}
                aria-hidden="true"
                className="h-6 w-36 animate-pulse rounded bg-surface"
              />
            ))}
      </ul>
    </nav>
  );
}

function Hero() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative mt-6 flex min-h-72 flex-1 items-center overflow-hidden bg-black px-8 py-12 text-white md:mt-10 md:min-h-86 md:px-16"
    >
      <div className="relative z-10 flex flex-col gap-5">
        <p className="text-neutral-300">{t('home.heroEyebrow')}</p>
        <h1 id="hero-heading" className="max-w-md text-4xl leading-tight font-semibold md:text-5xl">
          {t('home.heroTitle')}
        </h1>
        <Link
          to={paths.products}
          className="flex w-fit items-center gap-2 font-medium underline underline-offset-8"
        >
          {t('home.shopNow')}
          <ArrowForwardIcon width={20} height={20} className="rtl:-scale-x-100" />
        </Link>
      </div>
      {/* Decoration drawn in CSS: no image to wait for above the fold. */}
      <div
        aria-hidden="true"
        className="absolute -end-16 top-1/2 size-72 -translate-y-1/2 rounded-full bg-gradient-to-br from-brand to-amber-500 opacity-70 md:end-10 md:size-64"
      />
      <div
        aria-hidden="true"
        className="absolute end-4 bottom-6 size-24 rounded-full border-8 border-white/20 md:end-72"
      />
    </section>
  );
}

/** A flash sale read this long ago is read again when the home page is shown again. */
const FLASH_SALE_MAX_AGE_S = 10;

/** The server's clock now: its time when the sale was received, plus the time since then. */
function serverClockNow(serverTime: string, receivedAt: number | undefined): string {
  return new Date(Date.parse(serverTime) + Date.now() - (receivedAt ?? Date.now())).toISOString();
}

function FlashSaleSection() {
  const { t } = useTranslation();
  // The sale is read again on a later visit to the home page, not on the first render, whose
  // sale the server put in the page.
  const flashSale = useGetFlashSaleQuery(undefined, {
    refetchOnMountOrArgChange: FLASH_SALE_MAX_AGE_S,
  });
  const sale = flashSale.data?.sale;
  const noSale = !flashSale.isLoading && !sale;

  return (
    <section aria-labelledby="flash-heading" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-x-20 gap-y-4">
        <SectionHeading eyebrow={t('home.today')} title={t('home.flashSales')} id="flash-heading" />
        {flashSale.isLoading && (
          <div className="mb-8">
            <CountdownPlaceholder />
          </div>
        )}
        {sale && flashSale.data && (
          <div className="mb-8">
            <Countdown
              key={sale.endsAt}
              endsAt={sale.endsAt}
              serverTime={serverClockNow(flashSale.data.serverTime, flashSale.fulfilledTimeStamp)}
            />
          </div>
        )}
      </div>
      {noSale ? (
        <div className="flex min-h-40 flex-col items-center justify-center gap-4 rounded bg-surface p-8 text-center">
          <p className="text-lg font-medium">{t('flashSale.none')}</p>
          <Link to={paths.products} className="text-brand underline underline-offset-4">
            {t('home.viewAll')}
          </Link>
        </div>
      ) : (
        <ProductRow
          products={sale?.items}
          loading={flashSale.isLoading}
          label={t('home.flashSales')}
          eagerCount={2}
        />
      )}
    </section>
  );
}

const categoryIcons: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  phones: PhoneIcon,
  computers: ComputerIcon,
  smartwatch: SmartWatchIcon,
  camera: CameraIcon,
  headphones: HeadphonesIcon,
  gaming: GamepadIcon,
};
const browseSlugs = Object.keys(categoryIcons);

/** A category's tile picture: the one the shop chose, else the storefront's icon for it. */
function CategoryPicture({ category }: { category: Category }) {
  if (category.image)
    return (
      <img
        src={category.image}
        srcSet={mediaSrcSet(category.image)}
        sizes="64px"
        alt=""
        width={64}
        height={64}
        loading="lazy"
        className="size-16 rounded object-cover"
      />
    );
  const Icon = categoryIcons[category.slug] ?? PhoneIcon;
  return <Icon width={48} height={48} />;
}

function BrowseByCategory() {
  const { t, i18n } = useTranslation();
  const categories = useGetCategoriesQuery(undefined);
  // In the shop's own order: those with a chosen picture or an icon of the storefront's.
  const shown = (categories.data?.items ?? []).filter(
    (c) => Boolean(c.image) || c.slug in categoryIcons,
  );
  if (categories.data && shown.length === 0) return null;

  const tileClass =
    'flex h-36 flex-col items-center justify-center gap-4 rounded border border-neutral-300';
  return (
    <section aria-labelledby="browse-heading">
      <SectionHeading
        eyebrow={t('home.categories')}
        title={t('home.browseByCategory')}
        id="browse-heading"
      />
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6 lg:gap-8">
        {categories.data
          ? shown.map((category) => {
              return (
                <li key={category.slug}>
                  <Link
                    to={paths.category(category.slug)}
                    className={`${tileClass} transition-colors hover:border-brand hover:bg-brand hover:text-white`}
                  >
                    <CategoryPicture category={category} />
                    <span>{localized(category, 'name', i18n.language)}</span>
                  </Link>
                </li>
              );
            })
          : browseSlugs.map((slug) => (
              <li
                // Its own key, so the tiles replace the placeholders instead of reusing them:
                // Preact moving a reused item counts as a layout shift.
                key={`placeholder-${slug}`}
                aria-hidden="true"
                className={`${tileClass} animate-pulse bg-surface`}
              />
            ))}
      </ul>
    </section>
  );
}

function ProductSection({
  id,
  eyebrow,
  title,
  sort,
  limit,
  viewAll = false,
}: {
  id: string;
  eyebrow: string;
  title: string;
  sort: 'best_selling' | 'rating';
  limit: number;
  viewAll?: boolean;
}) {
  const { t } = useTranslation();
  const products = useGetProductsQuery({ sort, limit });
  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SectionHeading eyebrow={eyebrow} title={title} id={`${id}-heading`} />
        {!viewAll && (
          <Link to={`/productS?sort=${sort}`} className={`${primaryLinkClass} mb-8`}>
            {t('home.viewAllShort')}
          </Link>
        )}
      </div>
      <ProductGrid
        products={products.data?.items}
        loading={products.isLoading}
        skeletonCount={limit}
      />
      {products.isError && <p role="alert">{t('errors.productsUnavailable')}</p>}
      {viewAll && (
        <div className="mt-12 flex justify-center">
          <Link to={paths.products} className={primaryLinkClass}>
            {t('home.viewAll')}
          </Link>
        </div>
      )}
    </section>
  );
}

function PromoBanner() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="promo-heading"
      className="relative flex min-h-80 items-center overflow-hidden bg-black px-8 py-12 text-white md:px-14"
    >
      <div className="relative z-10 flex max-w-md flex-col gap-6">
        <p className="font-semibold text-green-400">{t('home.promoEyebrow')}</p>
        <h2 id="promo-heading" className="text-3xl leading-tight font-semibold md:text-5xl">
          {t('home.promoTitle')}
        </h2>
        <Link
          to={paths.category('headphones')}
          className="w-fit rounded bg-green-500 px-10 py-4 font-medium text-black hover:bg-green-400"
        >
          {t('home.buyNow')}
        </Link>
      </div>
      <div
        aria-hidden="true"
        className="absolute -end-20 top-1/2 hidden size-96 -translate-y-1/2 rounded-full bg-neutral-700/60 blur-3xl md:block"
      />
      <HeadphonesIcon
        width={220}
        height={220}
        strokeWidth={1}
        className="absolute end-10 top-1/2 hidden -translate-y-1/2 text-neutral-200 md:block"
      />
    </section>
  );
}

function NewArrival() {
  const { t, i18n } = useTranslation();
  const products = useGetProductsQuery({ sort: 'newest', limit: 4 });
  const items = products.data?.items ?? [];
  const tileClass = 'relative flex overflow-hidden rounded bg-black text-white';
  return (
    <section aria-labelledby="new-heading">
      <SectionHeading eyebrow={t('home.featured')} title={t('home.newArrival')} id="new-heading" />
      <ul className="grid gap-6 md:h-[600px] md:grid-cols-4 md:grid-rows-2">
        {(products.data ? items : Array.from({ length: 4 }, () => undefined)).map(
          (product, index) => {
            const layout =
              index === 0
                ? 'md:col-span-2 md:row-span-2'
                : index === 1
                  ? 'md:col-span-2'
                  : 'md:col-span-1';
            return (
              <li
                key={product?.id ?? index}
                className={`${tileClass} ${layout} min-h-80 md:min-h-0`}
              >
                {product ? (
                  <>
                    <img
                      src={product.images[0]}
                      alt=""
                      width={400}
                      height={400}
                      loading="lazy"
                      decoding="async"
                      className="absolute inset-x-0 top-0 h-3/5 w-full object-contain p-6 opacity-80 md:inset-0 md:m-auto md:h-full md:p-8"
                    />
                    <div className="relative z-10 mt-auto flex flex-col gap-2 bg-gradient-to-t from-black/90 to-transparent p-6 pt-16">
                      <h3 className="text-xl font-semibold">
                        {localized(product, 'name', i18n.language)}
                      </h3>
                      <p className="line-clamp-2 text-sm text-neutral-300">
                        {localized(product, 'description', i18n.language)}
                      </p>
                      <Link
                        to={paths.product(product.id)}
                        className="w-fit font-medium underline underline-offset-8"
                      >
                        {t('home.shopNow')}
                        <span className="sr-only">
                          : {localized(product, 'name', i18n.language)}
                        </span>
                      </Link>
                    </div>
                  </>
                ) : (
                  <div aria-hidden="true" className="size-full animate-pulse bg-neutral-800" />
                )}
              </li>
            );
          },
        )}
      </ul>
    </section>
  );
}
