import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../components/ui/icons';
import { localized } from '../../lib/localized';
import { paths } from '../../lib/paths';
import { useDismiss } from './use-dismiss';
import { useShopCategories } from './use-shop-categories';

/** The desktop header's Categories button: every category, and the page listing them all. */
export function CategoryMenu() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const categories = useShopCategories(open);
  useDismiss(open, close, panelRef, buttonRef);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className="flex items-center gap-1 pb-1 hover:text-brand"
      >
        {t('nav.categories')}
        <ChevronDownIcon width={16} height={16} aria-hidden="true" />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute start-0 top-full z-40 mt-3 w-[32rem] rounded border border-neutral-200 bg-white p-4 shadow-lg"
      >
        <ul className="grid grid-cols-2 gap-x-6">
          {categories?.map((category) => (
            <li key={category.slug}>
              <Link
                to={paths.category(category.slug)}
                onClick={close}
                className="flex min-h-10 items-center hover:text-brand"
              >
                {localized(category, 'name', i18n.language)}
              </Link>
            </li>
          ))}
        </ul>
        <Link
          to={paths.categories}
          onClick={close}
          className="mt-3 inline-flex min-h-10 items-center font-medium text-brand underline underline-offset-4"
        >
          {t('nav.allCategories')}
        </Link>
      </div>
    </div>
  );
}
