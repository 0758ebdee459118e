import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { localized } from '../../lib/localized';
import { useAppDispatch } from '../../store/hooks';
import { searchSubmitted } from '../../store/ui-slice';
import { useGetCategoriesQuery, useGetProductsQuery } from '../../lib/catalog-api';
import { productSorts } from '@souq/contracts/catalog-values';
import { hasFilters, readSearchView } from './catalog-params';
import { FilteredList } from './filtered-list';
import { paths } from '../../lib/paths';

/**
 * Results for ?query=, best match first, with the filters of every list; the query becomes the
 * ui filter text (the header box shows it).
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const view = readSearchView(params);
  const { query } = view;
  const filtered = hasFilters(view);
  // With no filter on, a search that finds nothing offers help instead of filters.
  const unfiltered = useGetProductsQuery(view.products, { skip: !query || filtered });

  useEffect(() => {
    dispatch(searchSubmitted(query));
  }, [dispatch, query]);

  const heading = query ? t('search.resultsFor', { query }) : t('search.title');
  if (query && (filtered || unfiltered.data?.total !== 0)) {
    return <FilteredList heading={heading} view={view} categoryFilter sorts={productSorts} />;
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-semibold break-words">{heading}</h1>
      <SearchHelp hasQuery={query !== ''} />
    </div>
  );
}

/** What to do next when there is nothing to show: tips, the categories and all products. */
function SearchHelp({ hasQuery }: { hasQuery: boolean }) {
  const { t, i18n } = useTranslation();
  const categories = useGetCategoriesQuery(undefined);
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p className="text-lg">{hasQuery ? t('search.noResults') : t('search.prompt')}</p>
      <p className="text-muted">{t('search.tips')}</p>
      {categories.data && (
        <nav aria-label={t('search.browseCategories')}>
          <p className="mb-3 font-medium">{t('search.browseCategories')}</p>
          <ul className="flex flex-wrap gap-2">
            {categories.data.items.map((category) => (
              <li key={category.slug}>
                <Link
                  to={paths.category(category.slug)}
                  className="block rounded border border-neutral-300 px-3 py-1.5 text-sm hover:border-brand"
                >
                  {localized(category, 'name', i18n.language)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Link to={paths.products} className="w-fit text-brand underline underline-offset-4">
        {t('home.viewAll')}
      </Link>
    </div>
  );
}
