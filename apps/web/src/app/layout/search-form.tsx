import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CloseIcon, SearchIcon } from '../../components/ui/icons';
import { Money } from '../../components/ui/price';
import { useAppSelector } from '../../store/hooks';
import { useSearchSuggestions, type Suggestion } from './use-search-suggestions';
import { useShopCategories } from './use-shop-categories';
import { readRecentSearches, rememberSearch } from './recent-searches';
import { useDismiss } from './use-dismiss';
import { localized } from '../../lib/localized';
import { isSearchPage, MAX_SEARCH_LENGTH, paths, searchQueryIn } from '../../lib/paths';

/** Categories named in the suggestions at most. */
const CATEGORY_SUGGESTIONS = 3;

type Option =
  | { kind: 'recent'; text: string }
  | { kind: 'category'; slug: string; name: string }
  | { kind: 'product'; product: Suggestion };

/** The header search box (large screens). The query is URL-encoded, so &, # and % survive. */
export function SearchForm() {
  const text = useStartingText();
  // A new search refills the box.
  return <SearchBox key={text} initialText={text} variant="inline" />;
}

/**
 * What the search box starts with: on the search page its query, read from the address as the
 * server reads it, so the box the server renders is the one the browser hydrates; elsewhere the
 * last search (the filter text the search page stores).
 */
function useStartingText() {
  const filterText = useAppSelector((s) => s.ui.filterText);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return isSearchPage(pathname) ? searchQueryIn(params) : filterText;
}

/**
 * Below `lg`: a search button that opens the same search box across the whole screen, with the
 * same suggestions, over the page.
 */
export function MobileSearch() {
  const { t } = useTranslation();
  const text = useStartingText();
  const [open, setOpen] = useState(false);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = () => setOpen(false);
  useDismiss(open, close, panelRef, openButtonRef);

  return (
    <div className="lg:hidden">
      <button
        ref={openButtonRef}
        type="button"
        aria-label={t('search.open')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="flex size-11 items-center justify-center rounded-full hover:text-brand"
      >
        <SearchIcon />
      </button>
      {open && (
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-label={t('search.title')}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white px-3 pt-[max(0.75rem,env(safe-area-inset-top))]"
        >
          <div className="flex items-start gap-2">
            <SearchBox key={text} initialText={text} variant="full" onDone={() => setOpen(false)} />
            <button
              type="button"
              aria-label={t('search.close')}
              onClick={() => {
                close();
                openButtonRef.current?.focus();
              }}
              className="flex size-11 shrink-0 items-center justify-center"
            >
              <CloseIcon />
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** Categories whose name (in the shopper's language or the shop's) contains the text. */
function matchingCategories(
  categories: ReturnType<typeof useShopCategories>,
  text: string,
  language: string,
): Option[] {
  const wanted = text.trim().toLocaleLowerCase(language);
  if (!categories || wanted.length < 2) return [];
  return categories
    .filter((c) =>
      [localized(c, 'name', language), c.name].some((name) =>
        name.toLocaleLowerCase(language).includes(wanted),
      ),
    )
    .slice(0, CATEGORY_SUGGESTIONS)
    .map((c) => ({ kind: 'category', slug: c.slug, name: localized(c, 'name', language) }));
}

/**
 * A combobox: as the shopper types, matching categories and products (with their pictures)
 * appear in a listbox below; before typing, the recent searches on this device. Arrow keys move
 * through them, Enter opens the highlighted one (or searches for the text), Escape closes.
 */
function SearchBox({
  initialText,
  variant,
  onDone,
}: {
  initialText: string;
  variant: 'inline' | 'full';
  /** Called once the shopper has gone somewhere (the full-screen box closes then). */
  onDone?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const full = variant === 'full';
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(full);
  const [active, setActive] = useState(-1);
  // Read from this device's storage when the box is used, never while the server's page hydrates.
  const [recent, setRecent] = useState<string[]>(() => (full ? readRecentSearches() : []));
  const inputRef = useRef<HTMLInputElement>(null);
  const suggestions = useSearchSuggestions(open ? text : '');
  const categories = useShopCategories(open);
  const typed = text.trim() !== '';
  const options: Option[] = typed
    ? [
        ...matchingCategories(categories, text, i18n.language),
        ...suggestions.map((product) => ({ kind: 'product' as const, product })),
      ]
    : recent.map((recentText) => ({ kind: 'recent' as const, text: recentText }));
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (full) inputRef.current?.focus();
  }, [full]);

  function close() {
    if (!full) setOpen(false);
    setActive(-1);
  }

  function go(to: string) {
    close();
    onDone?.();
    void navigate(to);
  }

  function search(query: string) {
    rememberSearch(query);
    go(paths.search(query));
  }

  function choose(option: Option) {
    if (option.kind === 'product') go(paths.product(option.product.id));
    else if (option.kind === 'category') go(paths.category(option.slug));
    else search(option.text);
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = expanded ? options[active] : undefined;
    if (chosen) {
      choose(chosen);
      return;
    }
    const query = text.trim();
    if (query) search(query);
    else close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const last = options.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown'
          ? current >= last
            ? 0
            : current + 1
          : current <= 0
            ? last
            : current - 1,
      );
    } else if (event.key === 'Escape' && !full) {
      if (expanded) event.preventDefault();
      close();
    }
  }

  const groups: { label: string; start: number; items: Option[] }[] = [];
  options.forEach((option, index) => {
    const label =
      option.kind === 'recent'
        ? t('search.recent')
        : option.kind === 'category'
          ? t('search.categories')
          : t('search.products');
    const group = groups.at(-1);
    if (group?.label === label) group.items.push(option);
    else groups.push({ label, start: index, items: [option] });
  });

  return (
    <form
      role="search"
      onSubmit={submit}
      className={full ? 'relative min-w-0 flex-1' : 'relative hidden w-[243px] lg:block'}
    >
      <label className="flex items-center rounded bg-surface ps-5 pe-1">
        <span className="sr-only">{t('search.label')}</span>
        <input
          ref={inputRef}
          type="search"
          name="query"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            setRecent(readRecentSearches());
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          placeholder={t('search.placeholder')}
          maxLength={MAX_SEARCH_LENGTH}
          className={`w-full bg-transparent placeholder:text-neutral-600 focus:outline-none ${
            full ? 'py-2.5 text-base' : 'py-2 text-xs'
          }`}
        />
        <button
          type="submit"
          aria-label={t('search.submit')}
          className={full ? 'flex size-11 items-center justify-center' : 'p-2'}
        >
          <SearchIcon width={20} height={20} />
        </button>
      </label>
      <div
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        hidden={!expanded}
        className={
          full
            ? 'mt-2 pb-6'
            : 'absolute end-0 top-full z-40 mt-1 w-96 max-h-96 overflow-y-auto rounded border border-neutral-200 bg-white py-1 shadow-lg'
        }
      >
        {groups.map((group) => (
          <div key={group.label} role="group" aria-label={group.label}>
            <div
              role="presentation"
              className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
            >
              {group.label}
            </div>
            {group.items.map((option, offset) => {
              const index = group.start + offset;
              return (
                <div
                  key={
                    option.kind === 'product'
                      ? `p${option.product.id}`
                      : option.kind === 'category'
                        ? `c${option.slug}`
                        : `r${option.text}`
                  }
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // Chosen on mouse down, before the input's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(option);
                  }}
                  // A moving mouse only: a list opening under a resting pointer or a finger
                  // must not pick what Enter opens.
                  onPointerMove={(event) => {
                    if (event.pointerType === 'mouse' && index !== active) setActive(index);
                  }}
                  className={`flex cursor-pointer items-center gap-3 px-3 text-sm ${
                    full ? 'min-h-12 py-1' : 'py-2'
                  } ${index === active ? 'bg-surface' : ''}`}
                >
                  {option.kind === 'product' ? (
                    <>
                      <img
                        src={option.product.image}
                        alt=""
                        width={40}
                        height={40}
                        className="size-10 object-contain"
                      />
                      <span className="min-w-0 flex-1 truncate">
                        {localized(option.product, 'name', i18n.language)}
                      </span>
                      <span className="text-xs text-muted">
                        <Money amount={option.product.price} currency={option.product.currency} />
                      </span>
                    </>
                  ) : (
                    <>
                      <SearchIcon width={16} height={16} aria-hidden="true" />
                      <span className="min-w-0 flex-1 truncate">
                        {option.kind === 'category' ? option.name : option.text}
                      </span>
                    </>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </form>
  );
}
