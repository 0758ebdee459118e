import { useId, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../components/ui/icons';
import { Money } from '../../components/ui/price';
import { useAppSelector } from '../../store/hooks';
import { useSearchSuggestions } from './use-search-suggestions';
import { localized } from '../../lib/localized';
import { paths } from '../../lib/paths';

/** The header search box (large screens). The query is URL-encoded, so &, # and % survive. */
export function SearchForm() {
  const filterText = useAppSelector((s) => s.ui.filterText);
  // The search page stores its query as the filter text; a new one refills the box.
  return <SearchBox key={filterText} initialText={filterText} />;
}

/**
 * A combobox: as the shopper types, matching products appear in a listbox below. Arrow keys move
 * through them, Enter opens the highlighted product (or searches for the text), Escape closes.
 */
function SearchBox({ initialText }: { initialText: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSearchSuggestions(open ? text : '');
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function openProduct(id: number) {
    close();
    void navigate(paths.product(id));
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = expanded ? suggestions[active] : undefined;
    if (chosen) {
      openProduct(chosen.id);
      return;
    }
    const query = text.trim();
    close();
    if (query) void navigate(paths.search(query));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (suggestions.length === 0) return;
      const last = suggestions.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown'
          ? current >= last
            ? 0
            : current + 1
          : current <= 0
            ? last
            : current - 1,
      );
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      close();
    }
  }

  return (
    <form role="search" onSubmit={submit} className="relative hidden w-[243px] lg:block">
      <label className="flex items-center rounded bg-surface ps-5 pe-3">
        <span className="sr-only">{t('search.label')}</span>
        <input
          type="search"
          name="query"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          placeholder={t('search.placeholder')}
          maxLength={200}
          className="w-full bg-transparent py-2 text-xs placeholder:text-neutral-600 focus:outline-none"
        />
        <button type="submit" aria-label={t('search.submit')} className="p-1">
          <SearchIcon width={20} height={20} />
        </button>
      </label>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-96 overflow-y-auto rounded border border-neutral-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((item, index) => (
          <li
            key={item.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              openProduct(item.id);
            }}
            onMouseEnter={() => setActive(index)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? 'bg-surface' : ''}`}
          >
            <img src={item.image} alt="" width={32} height={32} className="size-8 object-contain" />
            <span className="min-w-0 flex-1 truncate">
              {localized(item, 'name', i18n.language)}
            </span>
            <span className="text-xs text-muted">
              <Money amount={item.price} currency={item.currency} />
            </span>
          </li>
        ))}
      </ul>
    </form>
  );
}
