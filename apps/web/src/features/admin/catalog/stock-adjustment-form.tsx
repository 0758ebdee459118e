import { useState } from 'react';
import {
  stockAdjustmentSchema,
  type AdminProduct,
  type StockAdjustment,
} from '@souq/contracts/admin-catalog';
import { Button } from '../../../components/ui/button';
import { AdminForm, NumberInput, SelectInput, TextInput, useAdminForm } from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { Panel, SendOutcome } from '../shared/page-parts';
import { useAdjustStockMutation } from './catalog-api';

/** A variant as staff read it: its colour and size, or "One variant" when it has neither. */
export function useVariantName() {
  const { t } = useAdminTranslation();
  return (variant: { colour: string | null; size: string | null }) =>
    [variant.colour, variant.size].filter(Boolean).join(' / ') || t('editor.oneVariant');
}

/**
 * An existing product's stock changes only through the ledger: which variant, by how many units
 * and why. Its own form beside the product's, so a change of stock never waits for, or saves,
 * the product's other edits. One idempotency key per adjustment, so a retried press counts once.
 */
export function StockAdjustmentForm({ product }: { product: AdminProduct }) {
  const { t } = useAdminTranslation();
  const variantName = useVariantName();
  const [adjust, { isLoading, error }] = useAdjustStockMutation();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState('');
  const form = useAdminForm(stockAdjustmentSchema, {
    variantId: product.variants[0]?.id,
    reason: '',
  });
  const submit = async (adjustment: StockAdjustment) => {
    setDone('');
    const result = await adjust({ id: product.id, adjustment, idempotencyKey });
    if (result.data) {
      const variant = product.variants.find((v) => v.id === adjustment.variantId);
      setDone(
        t('editor.adjusted', {
          variant: variant ? variantName(variant) : '',
          stock: result.data.stockAfter,
        }),
      );
      form.reset({ variantId: adjustment.variantId, reason: '' });
      setIdempotencyKey(crypto.randomUUID());
    }
    return result;
  };
  return (
    <Panel id="adjust-heading" title={t('editor.adjust')}>
      <AdminForm form={form} onSubmit={submit}>
        <SelectInput
          name="variantId"
          label={t('editor.variant')}
          options={product.variants.map((variant) => ({
            value: variant.id,
            label: t('editor.variantStock', {
              variant: variantName(variant),
              stock: variant.stock,
            }),
          }))}
        />
        <NumberInput
          name="change"
          signed
          label={t('editor.change')}
          invalidText={t('editor.changeInvalid')}
        />
        <TextInput
          name="reason"
          label={t('editor.reason')}
          invalidText={t('editor.reasonInvalid')}
          placeholder={t('editor.reasonHint')}
          maxLength={200}
        />
        <SendOutcome
          error={error}
          done={done}
          refusals={{ insufficient_stock: t('editor.notEnoughStock') }}
        />
        <Button type="submit" className="min-h-11 w-fit" disabled={isLoading}>
          {t('editor.applyAdjust')}
        </Button>
      </AdminForm>
    </Panel>
  );
}
