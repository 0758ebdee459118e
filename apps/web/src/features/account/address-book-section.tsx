import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { addressInputSchema, type Address, type AddressInput } from '@souq/contracts/addresses';
import { Button } from '../../components/ui/button';
import { PageLoader } from '../../components/ui/spinner';
import { AddressFields, emptyAddress } from '../../components/ui/address-fields';
import { AccountCard, FormStatus } from './account-card';
import {
  useCreateAddressMutation,
  useDeleteAddressMutation,
  useGetAddressesQuery,
  useSetDefaultAddressMutation,
  useUpdateAddressMutation,
} from '../../lib/addresses-api';
import { apiErrorMessage } from '../../lib/api-error';
import { countryName } from '../../lib/country-names';
import { useShopSettings } from '../../lib/shop-settings';
import { languageOf } from '@souq/contracts/languages';

type AddressFormValues = z.input<typeof addressInputSchema>;

/** The address book: checkout prefills from the default address. */
export function AddressBookSection() {
  const { t } = useTranslation();
  const { data } = useGetAddressesQuery(undefined);
  // null: the form is closed; 'new': adding; a number: editing that address.
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  return (
    <AccountCard id="addresses" title={t('account.addresses.title')}>
      {!data ? (
        <PageLoader />
      ) : (
        <div className="flex flex-col gap-6">
          {data.items.length === 0 && editing === null && (
            <p className="text-muted">{t('account.addresses.none')}</p>
          )}
          <ul className="grid gap-4 md:grid-cols-2">
            {data.items.map((address) =>
              editing === address.id ? (
                <li key={address.id} className="md:col-span-2">
                  <AddressForm address={address} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <AddressCard
                  key={address.id}
                  address={address}
                  onEdit={() => setEditing(address.id)}
                />
              ),
            )}
          </ul>
          {editing === 'new' ? (
            <AddressForm onDone={() => setEditing(null)} />
          ) : (
            <div>
              <Button variant="outline" onClick={() => setEditing('new')}>
                {t('account.addresses.add')}
              </Button>
            </div>
          )}
        </div>
      )}
    </AccountCard>
  );
}

function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const [deleteAddress, deleting] = useDeleteAddressMutation();
  const [setDefault, choosing] = useSetDefaultAddressMutation();
  const [error, setError] = useState<string>();
  const name = `${address.firstName} ${address.lastName}`.trim();

  async function run(action: () => Promise<{ error?: unknown }>) {
    setError(undefined);
    const result = await action();
    if (result.error) setError(apiErrorMessage(t, result.error));
  }

  return (
    <li
      aria-label={name}
      className={`flex flex-col gap-3 rounded border p-4 ${address.isDefault ? 'border-brand' : 'border-neutral-200'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium">
          <bdi>{name}</bdi>
        </p>
        {address.isDefault && (
          <span className="rounded bg-brand px-2 py-0.5 text-xs text-white">
            {t('account.addresses.default')}
          </span>
        )}
      </div>
      <address className="text-sm not-italic text-muted">
        {/* Each line keeps its own direction: a Latin street in an Arabic page stays in order. */}
        {address.companyName && (
          <span className="block">
            <bdi>{address.companyName}</bdi>
          </span>
        )}
        <span className="block">
          <bdi>{[address.streetAddress, address.apartment].filter(Boolean).join(', ')}</bdi>
        </span>
        <span className="block">
          <bdi>{[address.city, address.region, address.postalCode].filter(Boolean).join(', ')}</bdi>
        </span>
        <span className="block">
          {countryName(address.country, languageOf(i18n.language).intlLocale)}
        </span>
        <span className="block">
          <bdi dir="ltr">{address.phone}</bdi>
        </span>
        <span className="block">
          <bdi>{address.email}</bdi>
        </span>
      </address>
      {error && (
        <p role="alert" className="text-sm text-brand">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-4 text-sm">
        <button type="button" onClick={onEdit} className="text-brand hover:underline">
          {t('account.addresses.edit')}
        </button>
        {!address.isDefault && (
          <button
            type="button"
            disabled={choosing.isLoading}
            onClick={() => void run(() => setDefault(address.id))}
            className="hover:underline"
          >
            {t('account.addresses.makeDefault')}
          </button>
        )}
        <button
          type="button"
          disabled={deleting.isLoading}
          onClick={() => void run(() => deleteAddress(address.id))}
          className="text-muted hover:underline"
        >
          {t('account.addresses.delete')}
        </button>
      </div>
    </li>
  );
}

function AddressForm({ address, onDone }: { address?: Address; onDone: () => void }) {
  const { t } = useTranslation();
  const [createAddress] = useCreateAddressMutation();
  const [updateAddress] = useUpdateAddressMutation();
  const [status, setStatus] = useState<{ ok: boolean; text: string }>();
  const shopCountry = useShopSettings().address.country;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AddressFormValues, unknown, AddressInput>({
    resolver: zodResolver(addressInputSchema),
    // A new address starts in the shop's own country.
    defaultValues: address ?? emptyAddress(shopCountry),
  });
  const country = useWatch({ control, name: 'country' });

  const submit = handleSubmit(async (values) => {
    setStatus(undefined);
    const result = address
      ? await updateAddress({ id: address.id, address: values })
      : await createAddress(values);
    if (result.error) return setStatus({ ok: false, text: apiErrorMessage(t, result.error) });
    onDone();
  });

  return (
    <form
      noValidate
      aria-label={address ? t('account.addresses.editTitle') : t('account.addresses.addTitle')}
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-5 rounded border border-neutral-200 p-4"
    >
      <AddressFields
        idPrefix={address ? `address-${address.id}` : 'address-new'}
        textKey="account.addresses"
        country={country}
        field={(name) => register(name)}
        errors={errors}
      />
      <FormStatus status={status} />
      <div className="flex flex-wrap justify-end gap-4">
        <Button variant="outline" onClick={onDone}>
          {t('account.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('account.saving') : t('account.addresses.save')}
        </Button>
      </div>
    </form>
  );
}
