import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { localized } from '../../lib/localized';
import { useGetCategoriesQuery } from '../../lib/catalog-api';
import { readCategoryView } from './catalog-params';
import { FilteredList } from './filtered-list';
import { NotFound } from '../../shared/not-found';
import { paths } from '../../lib/paths';

/**
 * `/category`: every category with how many products it has; `?category=slug`: that category's
 * products with the filters of every list, under its name.
 */
export default function CategoryPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const view = readCategoryView(params);
  const categories = useGetCategoriesQuery(undefined);
  const current = categories.data?.items.find((c) => c.slug === view.chosen);
  // An unknown category is an address that does not exist (the server answers it 404).
  if (view.chosen !== undefined && categories.data !== undefined && !current) return <NotFound />;
  if (view.chosen !== undefined) {
    return (
      <FilteredList
        heading={current ? localized(current, 'name', i18n.language) : ''}
        view={view}
        categoryFilter={false}
      />
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-semibold">{t('category.title')}</h1>
      <nav aria-label={t('category.list')}>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {categories.data
            ? categories.data.items.map((category) => (
                <li key={category.slug}>
                  <Link
                    to={paths.category(category.slug)}
                    className="flex min-h-14 items-center justify-between gap-3 rounded border border-neutral-300 px-4 hover:border-brand"
                  >
                    {localized(category, 'name', i18n.language)}
                    <span className="text-sm text-muted">
                      {t('products.count', { count: category.productCount })}
                    </span>
                  </Link>
                </li>
              ))
            : Array.from({ length: 9 }, (_, i) => (
                <li key={i} aria-hidden="true" className="h-14 animate-pulse rounded bg-surface" />
              ))}
        </ul>
      </nav>
    </div>
  );
}
