import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page';

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('pages.about.title')}>
      <p>{t('pages.about.body')}</p>
    </SimplePage>
  );
}
