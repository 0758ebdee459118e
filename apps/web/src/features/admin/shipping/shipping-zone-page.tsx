import { useId, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { shopLanguages } from '@souq/contracts/languages';
import {
  shippingZoneEditorSchema,
  type ShippingMethodEditor,
  type ShippingZone,
  type ShippingZoneEditor,
  type ShippingZoneValues,
} from '@souq/contracts/shipping';
import { Button } from '../../../components/ui/button';
import { apiErrorMessage } from '../../../lib/api-error';
import {
  AdminForm,
  CheckboxInput,
  GroupError,
  ListInput,
  MoneyInput,
  NumberInput,
  TextInput,
  useAdminForm,
} from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { useShopSettings } from '../../../lib/shop-settings';
import { adminPaths } from '../shared/admin-paths';
import { Notice } from '../shared/list-parts';
import { PageHeading, Panel, RecordState } from '../shared/page-parts';
import {
  useDeleteShippingZoneMutation,
  useGetShippingZoneQuery,
  useSaveShippingZoneMutation,
} from './shipping-api';

const newMethod: ShippingMethodEditor = {
  name: { en: '' },
  price: 0,
  freeOver: null,
  minDays: 1,
  maxDays: 3,
  cashOnDelivery: true,
  cashOnDeliveryFee: 0,
};

/** /admin/shipping/new and /admin/shipping/:id: a zone's places and its methods. */
export function ShippingZonePage() {
  const { t } = useAdminTranslation();
  const { id: idParam } = useParams();
  const id = idParam === 'new' ? undefined : Number(idParam);
  const zone = useGetShippingZoneQuery(id ?? 0, { skip: id === undefined });
  if (id === undefined) {
    return (
      <>
        <PageHeading title={t('shipping.new')} />
        <ZoneForm />
      </>
    );
  }
  if (zone.error || !zone.data) {
    return <RecordState query={zone} notFound={t('shipping.notFound')} />;
  }
  return (
    <>
      <PageHeading title={zone.data.name} />
      <div className="flex flex-col gap-6">
        <ZoneForm key={zone.data.id} zone={zone.data} />
        <DeleteZone zone={zone.data} />
      </div>
    </>
  );
}

function ZoneForm({ zone }: { zone?: ShippingZone }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [save, { isLoading }] = useSaveShippingZoneMutation();
  const [notice, setNotice] = useState<{ text: string; failed?: boolean } | null>(null);
  const form = useAdminForm(
    shippingZoneEditorSchema,
    zone ?? { name: '', countries: [], areas: [], methods: [newMethod] },
  );

  const submit = async (values: ShippingZoneValues) => {
    const result = await save({ id: zone?.id, zone: values });
    if (result.error) {
      setNotice({ text: apiErrorMessage(shopT, result.error), failed: true });
      return result;
    }
    setNotice({ text: t('shipping.saved') });
    if (!zone) await navigate(adminPaths.shippingZone(result.data.id));
    return result;
  };

  return (
    <AdminForm form={form} onSubmit={submit} className="flex flex-col gap-6">
      <Panel id={`${id}-places`} title={t('shipping.places')}>
        <div className="grid gap-x-4 gap-y-1 md:grid-cols-2">
          <TextInput<ShippingZoneEditor>
            name="name"
            label={t('shipping.name')}
            invalidText={t('shipping.nameError')}
            required
            maxLength={80}
            className="md:col-span-2"
          />
          <ListInput<ShippingZoneEditor>
            name="countries"
            label={t('shipping.countries')}
            hint={t('shipping.countriesHint')}
            invalidText={t('shipping.countriesError')}
            placeholder="SA, AE, EG"
          />
          <ListInput<ShippingZoneEditor>
            name="areas"
            label={t('shipping.areas')}
            hint={t('shipping.areasHint')}
            invalidText={t('shipping.areasError')}
            placeholder="Riyadh, الرياض"
          />
        </div>
      </Panel>
      <Methods />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isLoading} className="min-h-11">
          {zone ? t('shipping.save') : t('shipping.create')}
        </Button>
        <Link
          to={adminPaths.shippingZones}
          className="inline-flex min-h-11 items-center px-2 underline"
        >
          {t('shipping.back')}
        </Link>
      </div>
      {notice && <Notice {...notice} />}
    </AdminForm>
  );
}

function Methods() {
  const { currency } = useShopSettings();
  const { t } = useAdminTranslation();
  const { control } = useFormContext<ShippingZoneEditor>();
  const methods = useFieldArray({ control, name: 'methods', keyName: 'key' });
  return (
    <Panel id="methods-heading" title={t('shipping.methods')}>
      <div className="flex flex-col gap-4">
        {methods.fields.map((field, i) => (
          <fieldset
            key={field.key}
            className="grid gap-x-4 gap-y-1 border-b border-neutral-100 pb-4 md:grid-cols-2"
          >
            <legend className="mb-2 font-medium">{t('shipping.methodN', { n: i + 1 })}</legend>
            {shopLanguages.map((language) => (
              <TextInput<ShippingZoneEditor>
                key={language.code}
                name={`methods.${i}.name.${language.code}`}
                label={t('shipping.methodName', { language: language.nativeName })}
                invalidText={t('shipping.methodNameError')}
                lang={language.code}
                dir={language.dir}
                maxLength={60}
              />
            ))}
            <MoneyInput<ShippingZoneEditor>
              name={`methods.${i}.price`}
              label={t('shipping.price')}
              currency={currency}
            />
            <MoneyInput<ShippingZoneEditor>
              name={`methods.${i}.freeOver`}
              label={t('shipping.freeOver')}
              hint={t('shipping.freeOverHint')}
              currency={currency}
              optional
            />
            <NumberInput<ShippingZoneEditor>
              name={`methods.${i}.minDays`}
              label={t('shipping.minDays')}
              invalidText={t('shipping.daysError')}
            />
            <NumberInput<ShippingZoneEditor>
              name={`methods.${i}.maxDays`}
              label={t('shipping.maxDays')}
              invalidText={t('shipping.maxDaysError')}
            />
            <CheckboxInput<ShippingZoneEditor>
              name={`methods.${i}.cashOnDelivery`}
              label={t('shipping.cashOnDelivery')}
            />
            <MoneyInput<ShippingZoneEditor>
              name={`methods.${i}.cashOnDeliveryFee`}
              label={t('shipping.cashOnDeliveryFee')}
              currency={currency}
            />
            {methods.fields.length > 1 && (
              <div className="md:col-span-2">
                <Button variant="outline" className="min-h-11" onClick={() => methods.remove(i)}>
                  {t('shipping.removeMethod', { n: i + 1 })}
                </Button>
              </div>
            )}
          </fieldset>
        ))}
        <GroupError<ShippingZoneEditor> name="methods" invalidText={t('shipping.methodsError')} />
        <div>
          <Button variant="outline" className="min-h-11" onClick={() => methods.append(newMethod)}>
            {t('shipping.addMethod')}
          </Button>
        </div>
      </div>
    </Panel>
  );
}

/** Removing a zone asks once more: its addresses are no longer served at checkout. */
function DeleteZone({ zone }: { zone: ShippingZone }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [remove, { isLoading, error }] = useDeleteShippingZoneMutation();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded bg-white p-4 shadow-sm">
      <p className="flex-1">{asking ? t('shipping.deleteAsk') : t('shipping.deleteNote')}</p>
      {asking ? (
        <>
          <Button
            disabled={isLoading}
            className="min-h-11"
            onClick={() =>
              void remove(zone.id).then(async (result) => {
                if (!result.error) await navigate(adminPaths.shippingZones);
              })
            }
          >
            {t('shipping.deleteConfirm')}
          </Button>
          <Button variant="outline" className="min-h-11" onClick={() => setAsking(false)}>
            {t('shipping.deleteCancel')}
          </Button>
        </>
      ) : (
        <Button variant="outline" className="min-h-11" onClick={() => setAsking(true)}>
          {t('shipping.delete')}
        </Button>
      )}
      {error !== undefined && <Notice failed text={apiErrorMessage(shopT, error)} />}
    </div>
  );
}
