import type { Product } from '@souq/contracts/catalog';
import { memo } from 'react';
import { HydrateInTurn } from '../../components/ui/hydrate-in-turn';
import { ProductCard, ProductCardSkeleton, useCardList } from './product-card';

/**
 * A grid of product cards. Memoised: a list page renders again as its other queries answer (the
 * filters' counts, a fetch starting or ending), and drawing two dozen cards again for that was
 * a long task on a phone; the grid renders only when its products or settings change.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  loading,
  skeletonCount = 8,
  eagerCount = 0,
  firstIsLargestPaint = false,
  columns = 'sm:grid-cols-3 lg:grid-cols-4',
}: {
  products: Product[] | undefined;
  loading: boolean;
  skeletonCount?: number;
  eagerCount?: number;
  /** The first card's picture is the page's largest paint (a listing): it is fetched first. */
  firstIsLargestPaint?: boolean;
  /** The grid's columns from the small breakpoint up; phones always get two. */
  columns?: string;
}) {
  const cards = useCardList();
  const gridClass = `grid grid-cols-2 gap-x-4 gap-y-8 lg:gap-x-8 ${columns}`;
  if (loading && !products) {
    return (
      <div className={gridClass} aria-hidden="true">
        {Array.from({ length: skeletonCount }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  return (
    <ul className={gridClass}>
      {products?.map((product, index) => (
        <li key={product.id}>
          <HydrateInTurn>
            <ProductCard
              product={product}
              wished={cards.isWished(product.id)}
              list={cards.list}
              eager={index < eagerCount}
              priority={firstIsLargestPaint && index === 0}
            />
          </HydrateInTurn>
        </li>
      ))}
    </ul>
  );
});
