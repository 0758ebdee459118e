import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page';

export default function SignupPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('pages.signup.title')}>
      <p>{t('pages.signup.body')}</p>
    </SimplePage>
  );
}
