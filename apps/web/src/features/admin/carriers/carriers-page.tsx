import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  carrierInputSchema,
  TRACKING_NUMBER_PLACEHOLDER,
  type Carrier,
  type CarrierInput,
} from '@souq/contracts/carriers';
import { Button } from '../../../components/ui/button';
import { apiErrorMessage } from '../../../lib/api-error';
import { AdminForm, FormButtons, TextInput, useAdminForm } from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { AddPanel, Loaded, PageHeading } from '../shared/page-parts';
import {
  useDeleteCarrierMutation,
  useGetCarriersQuery,
  useSaveCarrierMutation,
} from './carriers-api';

const buttonClass = 'min-h-11 px-4 py-2';

/** The carriers orders ship with: add one, change its name or tracking address, remove it. */
export function CarriersPage() {
  const { t } = useAdminTranslation();
  const carriers = useGetCarriersQuery(undefined);
  return (
    <>
      <PageHeading title={t('carriers.title')} />
      <p className="-mt-3 mb-6 max-w-2xl text-muted">{t('carriers.intro')}</p>
      <AddPanel label={t('carriers.add')}>
        {(close) => <CarrierForm submitLabel={t('carriers.create')} onDone={close} />}
      </AddPanel>
      <Loaded query={carriers}>
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.items.map((carrier) => (
              <li key={carrier.id} className="rounded bg-white p-4 shadow-sm">
                <CarrierRow carrier={carrier} />
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </>
  );
}

function CarrierRow({ carrier }: { carrier: Carrier }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [remove, removal] = useDeleteCarrierMutation();
  if (editing)
    return (
      <CarrierForm
        carrier={carrier}
        submitLabel={t('carriers.save')}
        onDone={() => setEditing(false)}
      />
    );
  return (
    <div className="flex flex-wrap items-center gap-4">
      {/* At least 14rem, so on a phone the buttons go under the address instead of squeezing it. */}
      <div className="flex min-w-56 flex-1 flex-col">
        <bdi className="font-medium">{carrier.name}</bdi>
        <bdi dir="ltr" className="break-all text-sm text-muted">
          {carrier.trackingUrl}
        </bdi>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          className={buttonClass}
          onClick={() => setEditing(true)}
          aria-label={t('carriers.editNamed', { name: carrier.name })}
        >
          {t('carriers.edit')}
        </Button>
        <Button
          variant="outline"
          className={buttonClass}
          disabled={removal.isLoading}
          onClick={() => void remove(carrier.id)}
          aria-label={t('carriers.removeNamed', { name: carrier.name })}
        >
          {t('carriers.remove')}
        </Button>
      </div>
      {removal.error !== undefined && (
        <p role="alert" className="w-full text-sm text-brand">
          {apiErrorMessage(shopT, removal.error)}
        </p>
      )}
    </div>
  );
}

function CarrierForm({
  carrier,
  submitLabel,
  onDone,
}: {
  carrier?: Carrier;
  submitLabel: string;
  onDone: () => void;
}) {
  const { t } = useAdminTranslation();
  const [save, { isLoading, error }] = useSaveCarrierMutation();
  const form = useAdminForm(carrierInputSchema, {
    name: carrier?.name ?? '',
    trackingUrl: carrier?.trackingUrl ?? '',
  });
  const submit = async (body: CarrierInput) => {
    const result = await save({ id: carrier?.id, carrier: body });
    if ('data' in result) onDone();
    return result;
  };
  return (
    <AdminForm form={form} onSubmit={submit}>
      <div className="grid gap-3 md:grid-cols-[1fr_2fr]">
        <TextInput<CarrierInput>
          name="name"
          label={t('carriers.name')}
          invalidText={t('carriers.nameError')}
          maxLength={60}
          required
        />
        <TextInput<CarrierInput>
          name="trackingUrl"
          label={t('carriers.trackingUrl')}
          hint={t('carriers.trackingUrlHint', { placeholder: TRACKING_NUMBER_PLACEHOLDER })}
          invalidText={t('carriers.trackingUrlError', { placeholder: TRACKING_NUMBER_PLACEHOLDER })}
          maxLength={300}
          dir="ltr"
          autoComplete="off"
          required
        />
      </div>
      <FormButtons
        error={error}
        busy={isLoading}
        submitLabel={submitLabel}
        cancelLabel={t('carriers.cancel')}
        onCancel={onDone}
      />
    </AdminForm>
  );
}
