import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { localized } from '../../lib/localized';
import { useGetCategoriesQuery } from '../../lib/catalog-api';
import { readProductsView } from './catalog-params';
import { FilteredList } from './filtered-list';
import { NotFound } from '../../shared/not-found';

/** Every product, filtered, sorted and paged; the heading names the category when one is chosen. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const view = readProductsView(params);
  const categories = useGetCategoriesQuery(undefined);
  const current = categories.data?.items.find((c) => c.slug === view.category);
  // An unknown category is an address that does not exist (the server answers it 404).
  if (view.category && categories.data && !current) return <NotFound />;
  return (
    <FilteredList
      heading={current ? localized(current, 'name', i18n.language) : t('products.title')}
      view={view}
      categoryFilter
    />
  );
}
