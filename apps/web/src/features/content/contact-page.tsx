import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page';

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('pages.contact.title')}>
      <p>{t('pages.contact.body')}</p>
    </SimplePage>
  );
}
