import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@souq/contracts/languages';
import {
  OPENING_HOURS_MAX,
  WRITTEN_ADDRESS_MAX,
  PROMO_TEXT_MAX,
  shopSettingsSchema,
  socialNetworkNames,
  type ShopSettings,
} from '@souq/contracts/shop-settings';
import { appOfferAmount } from '@souq/contracts/app-offer';
import { Button } from '../../../components/ui/button';
import { apiErrorMessage } from '../../../lib/api-error';
import { useCountryOptions } from '../../../lib/country-options';
import { PictureUpload } from '../catalog/picture-upload';
import {
  AdminForm,
  CheckboxInput,
  MoneyInput,
  SelectInput,
  TextInput,
  useAdminForm,
} from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { Notice } from '../shared/list-parts';
import { LoadError, Loading, PageHeading, Panel } from '../shared/page-parts';
import { useGetShopSettingsQuery, useSaveShopSettingsMutation } from './settings-api';
import { TranslatedTextFields } from './translated-text-fields';

/** What a profile's address looks like on each network, shown in its empty box. */
const networkExample = {
  instagram: 'https://www.instagram.com/yourshop',
  facebook: 'https://www.facebook.com/yourshop',
  x: 'https://x.com/yourshop',
  linkedin: 'https://www.linkedin.com/company/yourshop',
} as const;

/** /admin/settings (owners): who the shop is, how shoppers reach it, its promo bar and delays. */
export function SettingsPage() {
  const { t } = useAdminTranslation();
  const settings = useGetShopSettingsQuery(undefined);
  return (
    <>
      <PageHeading title={t('settings.title')} />
      <p className="mb-6 max-w-3xl text-muted">{t('settings.intro')}</p>
      {settings.error ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Loading />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </>
  );
}

/** Every currency the browser can show, by its name in the staff member's language, A to Z. */
function useCurrencyOptions() {
  const { i18n } = useTranslation();
  const locale = languageOf(i18n.language).intlLocale;
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    return Intl.supportedValuesOf('currency')
      .map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [locale]);
}

function SettingsForm({ settings }: { settings: ShopSettings }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const id = useId();
  const [save, { isLoading }] = useSaveShopSettingsMutation();
  const [notice, setNotice] = useState<{ text: string; failed?: boolean } | null>(null);
  // A shop that never set the app offer sees the amount it gets (3 of its currency's units).
  const form = useAdminForm(shopSettingsSchema, {
    ...settings,
    appOfferAmount: appOfferAmount(settings),
  });
  const countries = useCountryOptions().map((c) => ({ value: c.code, label: c.name }));
  const currencies = useCurrencyOptions();
  const logo = form.watch('logo');
  const logoError = form.formState.errors.logo;

  const submit = async (values: ShopSettings) => {
    setNotice(null);
    const result = await save(values);
    if (result.error) setNotice({ text: apiErrorMessage(shopT, result.error), failed: true });
    else {
      form.reset(result.data);
      setNotice({ text: t('settings.saved') });
    }
    return result;
  };

  return (
    <AdminForm form={form} onSubmit={submit} className="flex max-w-4xl flex-col gap-6">
      <Panel id={`${id}-shop`} title={t('settings.shop')}>
        <div className="grid gap-x-4 md:grid-cols-2">
          <TextInput
            name="shopName"
            dir="auto"
            label={t('settings.shopName')}
            required
            maxLength={60}
            invalidText={t('settings.shopNameInvalid')}
          />
          <TextInput
            name="legalName"
            dir="auto"
            label={t('settings.legalName')}
            maxLength={120}
            invalidText={t('settings.tooLong')}
          />
          <TextInput
            name="vatNumber"
            label={t('settings.vatNumber')}
            dir="ltr"
            maxLength={30}
            invalidText={t('settings.vatNumberInvalid')}
          />
          <SelectInput
            name="currency"
            label={t('settings.currency')}
            hint={t('settings.currencyHint')}
            options={currencies}
          />
        </div>
        <div className="flex flex-col gap-2">
          <span className="text-sm text-neutral-700">{t('settings.logo')}</span>
          <div className="flex flex-wrap items-center gap-4">
            <div className="flex h-20 w-40 items-center justify-center rounded border border-neutral-200 bg-surface p-2">
              {logo ? (
                <img
                  src={logo}
                  alt={t('settings.logoPreview')}
                  className="max-h-full max-w-full object-contain"
                />
              ) : (
                <span className="text-xl font-bold">{form.watch('shopName')}</span>
              )}
            </div>
            <PictureUpload
              label={logo ? t('settings.replaceLogo') : t('settings.uploadLogo')}
              onUploaded={(media) => form.setValue('logo', media.path, { shouldDirty: true })}
            />
            {logo && (
              <Button
                variant="outline"
                className="min-h-11 px-4 py-2"
                onClick={() => form.setValue('logo', null, { shouldDirty: true })}
              >
                {t('settings.removeLogo')}
              </Button>
            )}
          </div>
          <p className="text-sm text-muted">{t('settings.logoHint')}</p>
          {logoError && (
            <p role="alert" className="text-sm text-brand">
              {logoError.message ?? t('common.invalid')}
            </p>
          )}
        </div>
      </Panel>

      <Panel id={`${id}-address`} title={t('settings.address')}>
        <div className="grid gap-x-4 md:grid-cols-2">
          <TextInput
            name="address.line1"
            dir="auto"
            label={t('settings.line1')}
            maxLength={120}
            autoComplete="address-line1"
            invalidText={t('settings.tooLong')}
          />
          <TextInput
            name="address.line2"
            dir="auto"
            label={t('settings.line2')}
            maxLength={120}
            autoComplete="address-line2"
            invalidText={t('settings.tooLong')}
          />
          <TextInput
            name="address.city"
            dir="auto"
            label={t('settings.city')}
            maxLength={80}
            invalidText={t('settings.tooLong')}
          />
          <TextInput
            name="address.region"
            dir="auto"
            label={t('settings.region')}
            maxLength={80}
            invalidText={t('settings.tooLong')}
          />
          <TextInput
            name="address.postalCode"
            label={t('settings.postalCode')}
            dir="ltr"
            maxLength={16}
            invalidText={t('settings.postalCodeInvalid')}
          />
          <SelectInput name="address.country" label={t('settings.country')} options={countries} />
        </div>
        <p className="mb-3 text-sm text-muted">{t('settings.writtenAddressHint')}</p>
        <TranslatedTextFields<ShopSettings>
          name="writtenAddress"
          label={t('settings.writtenAddress')}
          rows={3}
          maxLength={WRITTEN_ADDRESS_MAX}
          invalidText={t('settings.tooLong')}
        />
      </Panel>

      <Panel id={`${id}-contact`} title={t('settings.contact')}>
        <div className="grid gap-x-4 md:grid-cols-2">
          <TextInput
            name="supportPhone"
            label={t('settings.supportPhone')}
            type="text"
            inputMode="text"
            dir="ltr"
            autoComplete="tel"
            maxLength={24}
            placeholder="+971 4 321 7788"
            invalidText={t('settings.supportPhoneInvalid')}
          />
          <TextInput
            name="supportEmail"
            label={t('settings.supportEmail')}
            type="email"
            dir="ltr"
            autoComplete="email"
            maxLength={254}
            invalidText={t('settings.supportEmailInvalid')}
          />
        </div>
        <TranslatedTextFields<ShopSettings>
          name="openingHours"
          label={t('settings.openingHours')}
          rows={2}
          maxLength={OPENING_HOURS_MAX}
          invalidText={t('settings.tooLong')}
        />
      </Panel>

      <Panel id={`${id}-social`} title={t('settings.social')}>
        <p className="mb-3 text-sm text-muted">{t('settings.socialHint')}</p>
        <div className="grid gap-x-4 md:grid-cols-2">
          {socialNetworkNames.map((network) => (
            <TextInput
              key={network}
              name={`socialLinks.${network}`}
              label={t(`settings.network.${network}`)}
              type="text"
              dir="ltr"
              maxLength={300}
              placeholder={networkExample[network]}
              invalidText={t('settings.socialInvalid', {
                network: t(`settings.network.${network}`),
              })}
            />
          ))}
        </div>
      </Panel>

      <Panel id={`${id}-promo`} title={t('settings.promo')}>
        <CheckboxInput
          className="mb-3"
          name="promoBar.enabled"
          label={t('settings.promoEnabled')}
          hint={t('settings.promoHint')}
        />
        <TranslatedTextFields<ShopSettings>
          name="promoBar.text"
          label={t('settings.promoText')}
          maxLength={PROMO_TEXT_MAX}
          invalidText={t('settings.promoTextInvalid')}
        />
        <TextInput
          name="promoBar.link"
          label={t('settings.promoLink')}
          dir="ltr"
          maxLength={300}
          placeholder="/productS"
          invalidText={t('settings.promoLinkInvalid')}
        />
      </Panel>

      <Panel id={`${id}-pages`} title={t('settings.pages')}>
        <CheckboxInput
          name="displayDelays"
          label={t('settings.displayDelays')}
          hint={t('settings.displayDelaysHint')}
        />
      </Panel>

      <Panel id={`${id}-tax`} title={t('settings.tax')}>
        <CheckboxInput
          name="pricesIncludeTax"
          label={t('settings.pricesIncludeTax')}
          hint={t('settings.pricesIncludeTaxHint')}
        />
      </Panel>

      <Panel id={`${id}-reviews`} title={t('settings.reviews')}>
        <CheckboxInput
          name="reviewsNeedApproval"
          label={t('settings.reviewsNeedApproval')}
          hint={t('settings.reviewsNeedApprovalHint')}
        />
      </Panel>

      <Panel id={`${id}-app`} title={t('settings.app')}>
        <MoneyInput
          name="appOfferAmount"
          label={t('settings.appOfferAmount')}
          hint={t('settings.appOfferAmountHint')}
          currency={form.watch('currency')}
        />
      </Panel>

      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-neutral-200 bg-surface/95 px-4 py-3 backdrop-blur">
        <Button type="submit" disabled={isLoading} className="min-h-11">
          {t('settings.save')}
        </Button>
        {notice && (
          <div className="min-w-0 flex-1">
            <Notice {...notice} />
          </div>
        )}
      </div>
    </AdminForm>
  );
}
