import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/**
 * A shopper's cancel of an order, asked twice: from My Orders, or a guest's look-up of an order
 * still awaiting its payment. `onCancel` settles once the server has answered.
 */
export function CancelOrder({
  onCancel,
  cancelling,
}: {
  onCancel: () => Promise<unknown>;
  cancelling: boolean;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-4">
      {confirming ? (
        <>
          <p>{t('orders.cancelConfirm')}</p>
          <Button
            disabled={cancelling}
            onClick={() => void onCancel().then(() => setConfirming(false))}
          >
            {t('orders.cancelYes')}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {t('orders.cancelNo')}
          </Button>
        </>
      ) : (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          {t('orders.cancel')}
        </Button>
      )}
    </div>
  );
}
