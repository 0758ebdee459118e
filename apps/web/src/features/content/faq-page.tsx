import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page';

export default function FaqPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('pages.faq.title')}>
      <p>{t('pages.faq.body')}</p>
    </SimplePage>
  );
}
