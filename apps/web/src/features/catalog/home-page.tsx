import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryLinkClass } from '../../components/ui/button';
import { useGetCategoriesQuery, useGetProductsQuery } from './catalog-api';
import { ProductGrid } from './product-grid';
import { SectionHeading } from './section-heading';

export default function HomePage() {
  const { t } = useTranslation();
  const categories = useGetCategoriesQuery(undefined);
  const products = useGetProductsQuery({ sort: 'best_selling', limit: 8 });

  return (
    <div className="mx-auto max-w-7xl px-4">
      <div className="flex flex-col gap-8 md:flex-row">
        <nav
          aria-label={t('home.categories')}
          className="hidden w-56 shrink-0 border-e border-neutral-200 pt-10 pe-4 md:block"
        >
          <ul className="flex flex-col gap-3">
            {categories.data?.items.slice(0, 9).map((category) => (
              <li key={category.slug}>
                <Link
                  to={`/category?category=${encodeURIComponent(category.slug)}`}
                  className="hover:text-brand"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="mt-6 flex min-h-72 flex-1 flex-col justify-center gap-5 bg-black px-8 py-12 text-white md:mt-10 md:px-16">
          <p className="text-neutral-300">{t('home.heroEyebrow')}</p>
          <h1 className="max-w-md text-4xl font-semibold leading-tight md:text-5xl">
            {t('home.heroTitle')}
          </h1>
          <Link to="/productS" className="w-fit font-medium underline underline-offset-8">
            {t('home.shopNow')}
          </Link>
        </section>
      </div>

      <section aria-labelledby="explore-heading" className="mt-20">
        <SectionHeading
          eyebrow={t('home.ourProducts')}
          title={t('home.exploreProducts')}
          id="explore-heading"
        />
        <ProductGrid products={products.data?.items} loading={products.isLoading} eagerCount={4} />
        {products.isError && <p role="alert">{t('errors.productsUnavailable')}</p>}
        <div className="mt-12 flex justify-center">
          <Link to="/productS" className={primaryLinkClass}>
            {t('home.viewAll')}
          </Link>
        </div>
      </section>
    </div>
  );
}
