import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../components/ui/icons';
import { useAppSelector } from '../../store/hooks';

/** The header search box (large screens). The query is URL-encoded, so &, # and % survive. */
export function SearchForm() {
  const filterText = useAppSelector((s) => s.ui.filterText);
  // The search page stores its query as the filter text; a new one refills the box.
  return <SearchBox key={filterText} initialText={filterText} />;
}

function SearchBox({ initialText }: { initialText: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (query) void navigate(`/search?query=${encodeURIComponent(query)}`);
  }

  return (
    <form role="search" onSubmit={submit} className="hidden w-[243px] lg:block">
      <label className="flex items-center rounded bg-surface ps-5 pe-3">
        <span className="sr-only">{t('search.label')}</span>
        <input
          type="search"
          name="query"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search.placeholder')}
          maxLength={200}
          className="w-full bg-transparent py-2 text-xs placeholder:text-neutral-600 focus:outline-none"
        />
        <button type="submit" aria-label={t('search.submit')} className="p-1">
          <SearchIcon width={20} height={20} />
        </button>
      </label>
    </form>
  );
}
