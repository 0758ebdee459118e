import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page';

export default function TermsPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('pages.terms.title')}>
      <p>{t('pages.terms.body')}</p>
    </SimplePage>
  );
}
