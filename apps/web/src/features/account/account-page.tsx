import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page';

export default function AccountPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('pages.account.title')}>
      <p>{t('pages.account.body')}</p>
    </SimplePage>
  );
}
