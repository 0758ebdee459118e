import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('pages.login.title')}>
      <p>{t('pages.login.body')}</p>
    </SimplePage>
  );
}
