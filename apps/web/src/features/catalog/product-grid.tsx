import type { Product } from '@souq/contracts/catalog';
import { ProductCard, ProductCardSkeleton } from './product-card';

const gridClass = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4 lg:gap-x-8';

export function ProductGrid({
  products,
  loading,
  skeletonCount = 8,
  eagerCount = 0,
}: {
  products: Product[] | undefined;
  loading: boolean;
  skeletonCount?: number;
  eagerCount?: number;
}) {
  if (loading && !products) {
    return (
      <div className={gridClass}>
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
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
