import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page';

export default function CheckoutPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('pages.checkout.title')}>
      <p>{t('pages.checkout.body')}</p>
    </SimplePage>
  );
}
