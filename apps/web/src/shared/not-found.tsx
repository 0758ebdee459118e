import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryLinkClass } from '../components/ui/button';
import { paths } from '../lib/paths';

/**
 * "404 Not Found": the page for an unknown address, and what a page shows in its place when
 * its subject does not exist (an unknown category), as the server rendered it with a 404.
 */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-8 px-4 py-24 text-center">
      <h1 className="text-5xl font-medium md:text-8xl">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to={paths.home} className={primaryLinkClass}>
        {t('notFound.backHome')}
      </Link>
    </div>
  );
}
