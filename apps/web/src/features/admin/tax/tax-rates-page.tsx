import { useTranslation } from 'react-i18next';
import { taxRatePercent, taxRateSchema, type TaxRate } from '@souq/contracts/tax';
import { Button } from '../../../components/ui/button';
import { apiErrorMessage } from '../../../lib/api-error';
import { useCountryOptions } from '../../../lib/country-options';
import {
  AdminForm,
  FormButtons,
  NumberInput,
  SelectInput,
  useAdminForm,
} from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { AddPanel, Loaded, PageHeading } from '../shared/page-parts';
import { useGetTaxRatesQuery, useSaveTaxRatesMutation } from './tax-api';

const buttonClass = 'min-h-11 px-4 py-2';

/** The VAT rate per country: add or change one, remove one; each save is audited. */
export function TaxRatesPage() {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const rates = useGetTaxRatesQuery(undefined);
  const [save, saving] = useSaveTaxRatesMutation();
  const countries = useCountryOptions();
  const nameOf = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  return (
    <>
      <PageHeading title={t('taxRates.title')} />
      <p className="-mt-3 mb-6 max-w-2xl text-muted">{t('taxRates.intro')}</p>
      <Loaded query={rates}>
        {(data) => (
          <>
            <AddPanel label={t('taxRates.add')}>
              {(close) => <RateForm rates={data.items} onDone={close} />}
            </AddPanel>
            {data.items.length === 0 && <p className="text-muted">{t('taxRates.none')}</p>}
            <ul className="flex flex-col gap-3">
              {data.items.map((rate) => (
                <li
                  key={rate.country}
                  className="flex flex-wrap items-center gap-4 rounded bg-white p-4 shadow-sm"
                >
                  <span className="min-w-40 flex-1 font-medium">{nameOf(rate.country)}</span>
                  <bdi dir="ltr" className="tabular-nums">
                    {taxRatePercent(rate.rateBp)}
                  </bdi>
                  <Button
                    variant="outline"
                    className={buttonClass}
                    disabled={saving.isLoading}
                    onClick={() => void save(data.items.filter((r) => r.country !== rate.country))}
                    aria-label={t('taxRates.removeNamed', { country: nameOf(rate.country) })}
                  >
                    {t('taxRates.remove')}
                  </Button>
                </li>
              ))}
            </ul>
            {saving.error !== undefined && (
              <p role="alert" className="mt-3 text-sm text-brand">
                {apiErrorMessage(shopT, saving.error)}
              </p>
            )}
          </>
        )}
      </Loaded>
    </>
  );
}

/** One country's rate: a country that has one already gets the new rate in its place. */
function RateForm({ rates, onDone }: { rates: TaxRate[]; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const [save, { isLoading, error }] = useSaveTaxRatesMutation();
  const countries = useCountryOptions().map((c) => ({ value: c.code, label: c.name }));
  const form = useAdminForm(taxRateSchema, { country: 'SA', rateBp: 1500 });
  const submit = async (rate: TaxRate) => {
    const result = await save([...rates.filter((r) => r.country !== rate.country), rate]);
    if ('data' in result) onDone();
    return result;
  };
  return (
    <AdminForm form={form} onSubmit={submit}>
      <div className="grid gap-3 md:grid-cols-2">
        <SelectInput<TaxRate> name="country" label={t('taxRates.country')} options={countries} />
        <NumberInput<TaxRate>
          name="rateBp"
          label={t('taxRates.rate')}
          hint={t('taxRates.rateHint')}
          invalidText={t('taxRates.rateError')}
        />
      </div>
      <FormButtons
        error={error}
        busy={isLoading}
        submitLabel={t('taxRates.save')}
        cancelLabel={t('taxRates.cancel')}
        onCancel={onDone}
      />
    </AdminForm>
  );
}
