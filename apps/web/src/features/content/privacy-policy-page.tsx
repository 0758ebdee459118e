import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page';

export default function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('pages.privacy.title')}>
      <p>{t('pages.privacy.body')}</p>
    </SimplePage>
  );
}
