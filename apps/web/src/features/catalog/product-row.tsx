import type { Product } from '@souq/contracts/catalog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateInTurn } from '../../components/ui/hydrate-in-turn';
import { whenHydrated } from '../../lib/hydration-turns';
import { ArrowBackIcon, ArrowForwardIcon } from './catalog-icons';
import { ProductCard, ProductCardSkeleton, useCardList } from '../../shared/product/product-card';

const itemClass = 'w-44 shrink-0 snap-start sm:w-56 lg:w-[270px]';

/**
 * Products in one row that scrolls sideways, with previous / next buttons. "Next" moves toward
 * the inline end, so in Arabic it scrolls to the left and its arrow points left.
 */
export function ProductRow({
  products,
  loading,
  label,
  eagerCount = 0,
}: {
  products: Product[] | undefined;
  loading: boolean;
  label: string;
  eagerCount?: number;
}) {
  const { t } = useTranslation();
  const cards = useCardList();
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    // scrollLeft runs negative in right-to-left layouts; its size is what matters.
    const scrolled = Math.abs(list.scrollLeft);
    setEdges({
      atStart: scrolled < 2,
      atEnd: scrolled + list.clientWidth >= list.scrollWidth - 2,
    });
  }, []);

  useEffect(() => {
    let active = true;
    // The server rendered both buttons disabled; hydration must find them so (lib/hydration-turns.ts).
    void whenHydrated().then(() => active && measure());
    window.addEventListener('resize', measure);
    return () => {
      active = false;
      window.removeEventListener('resize', measure);
    };
  }, [measure, products]);

  function scrollByPage(direction: 1 | -1) {
    const list = listRef.current;
    if (!list) return;
    const rtl = getComputedStyle(list).direction === 'rtl';
    const distance = list.clientWidth * 0.8 * direction * (rtl ? -1 : 1);
    list.scrollBy({ left: distance, behavior: 'smooth' });
  }

  const arrowClass =
    'rounded-full bg-surface p-2.5 hover:bg-neutral-200 disabled:cursor-default disabled:opacity-40';

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end gap-2">
        <button
          type="button"
          aria-label={t('row.previous', { label })}
          disabled={edges.atStart}
          onClick={() => scrollByPage(-1)}
          className={arrowClass}
        >
          <ArrowBackIcon width={20} height={20} className="rtl:-scale-x-100" />
        </button>
        <button
          type="button"
          aria-label={t('row.next', { label })}
          disabled={edges.atEnd}
          onClick={() => scrollByPage(1)}
          className={arrowClass}
        >
          <ArrowForwardIcon width={20} height={20} className="rtl:-scale-x-100" />
        </button>
      </div>
      {loading && !products ? (
        // The list's bottom padding (room for its scrollbar) too, so nothing moves when it comes.
        <div aria-hidden="true" className="flex gap-4 overflow-hidden pb-4 lg:gap-8">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className={itemClass}>
              <ProductCardSkeleton />
            </div>
          ))}
        </div>
      ) : (
        <ul
          ref={listRef}
          aria-label={label}
          onScroll={measure}
          className="flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-4 lg:gap-8"
        >
          {products?.map((product, index) => (
            <li key={product.id} className={itemClass}>
              <HydrateInTurn>
                <ProductCard
                  product={product}
                  wished={cards.isWished(product.id)}
                  list={cards.list}
                  eager={index < eagerCount}
                />
              </HydrateInTurn>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
