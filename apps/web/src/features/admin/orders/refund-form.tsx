import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  refundActionSchema,
  type AdminOrder,
  type OrderAction,
} from '@souq/contracts/admin-orders';
import { recordIdSchema } from '@souq/contracts/bounds';
import { Money } from '../../../components/ui/price';
import { VariantLabel } from '../../../components/ui/variant-label';
import { localized } from '../../../lib/localized';
import { nameWithVariant } from '../../../lib/variants';
import { AdminForm, CheckboxInput, NumberInput, useAdminForm } from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { ActionForm, FormButtons, NoteInput, type ActionResult } from './order-actions';

/**
 * What the form holds, every line still refundable with how many of it to refund now (0 for
 * none, at most what is `left` of it), sent as the contract's refund of the lines chosen.
 */
function refundChoiceSchema(left: readonly number[]) {
  return z
    .object({
      lines: z
        .array(
          z.object({
            lineId: recordIdSchema,
            quantity: z.number().int().min(0),
            restock: z.boolean(),
          }),
        )
        .superRefine((lines, context) =>
          lines.forEach((line, place) => {
            if (line.quantity > (left[place] ?? 0)) {
              context.addIssue({ code: 'custom', path: [place, 'quantity'], message: 'Too many' });
            }
          }),
        ),
      includeShipping: z.boolean(),
      note: refundActionSchema.shape.note,
    })
    .transform(({ lines, includeShipping, note }): z.input<typeof refundActionSchema> => ({
      action: 'refund',
      lines: lines.filter((line) => line.quantity > 0),
      ...(includeShipping ? { includeShipping } : {}),
      ...(note ? { note } : {}),
    }))
    .pipe(refundActionSchema);
}
type RefundChoice = z.input<ReturnType<typeof refundChoiceSchema>>;

/**
 * Choose what to refund: per line how many units and whether they go back to stock, and whether
 * shipping is refunded too. The browser adds up nothing: the server works out the amount and the
 * answer shows it. One idempotency key per opened form, so a retried click refunds once.
 */
export function RefundForm({
  order,
  busy,
  onSubmit,
  onClose,
}: {
  order: AdminOrder;
  busy: boolean;
  onSubmit: (action: OrderAction, idempotencyKey: string) => Promise<ActionResult>;
  onClose: () => void;
}) {
  const { t } = useAdminTranslation();
  const { i18n } = useTranslation();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const refundable = useMemo(
    () =>
      order.lines
        .map((line) => ({
          line,
          left: line.quantity - (order.refundedQuantities[String(line.id)] ?? 0),
        }))
        .filter(({ left }) => left > 0),
    [order],
  );
  const schema = useMemo(
    () => refundChoiceSchema(refundable.map(({ left }) => left)),
    [refundable],
  );
  const form = useAdminForm(schema, {
    lines: refundable.map(({ line, left }) => ({ lineId: line.id, quantity: left, restock: true })),
    includeShipping: false,
  });
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState(false);
  // The list's own refusal (nothing chosen), not one of its lines'.
  const nothingChosen = form.formState.errors.lines?.root;

  const submit = async (action: OrderAction) => {
    setRefused(false);
    // Money leaves the shop: the first press asks, the second refunds.
    if (!confirming) {
      setConfirming(true);
      return undefined;
    }
    const result = await onSubmit(action, idempotencyKey);
    if (!result.error) return result;
    // The server names the lines sent, which are not the form's places when some were left at 0.
    setConfirming(false);
    setRefused(true);
    return undefined;
  };

  return (
    <ActionForm title={t('refund.title')}>
      <AdminForm form={form} onSubmit={submit}>
        <fieldset className="flex flex-col gap-3" disabled={confirming}>
          <legend className="sr-only">{t('refund.lines')}</legend>
          {refundable.map(({ line, left }, place) => {
            const name = nameWithVariant(
              localized(line, 'name', i18n.language),
              line.variant,
              i18n.language,
            );
            return (
              <div
                key={line.id}
                className="flex flex-wrap items-start gap-x-4 border-b border-neutral-100 pb-1"
              >
                <div className="min-w-0 flex-1 basis-48 pt-6 text-sm">
                  <bdi className="font-medium">{localized(line, 'name', i18n.language)}</bdi>
                  <VariantLabel variant={line.variant} />
                  <span className="block text-muted">
                    <Money amount={line.unitPrice} currency={order.currency} /> ·{' '}
                    {t('refund.left', { count: left })}
                  </span>
                </div>
                <NumberInput<RefundChoice>
                  name={`lines.${place}.quantity`}
                  label={t('refund.quantity')}
                  aria-label={t('refund.quantityOf', { name })}
                  invalidText={t('refund.quantityError', { name, max: left })}
                  className="w-full sm:w-56"
                />
                <CheckboxInput<RefundChoice>
                  name={`lines.${place}.restock`}
                  label={t('refund.restock')}
                  aria-label={t('refund.restockOf', { name })}
                  className="pt-6"
                />
              </div>
            );
          })}
          {order.shipping > 0 && (
            <CheckboxInput<RefundChoice>
              name="includeShipping"
              label={t('refund.includeShipping')}
            />
          )}
          <NoteInput rows={2} />
        </fieldset>
        <p role="alert" className={nothingChosen || refused ? 'text-sm text-brand' : 'sr-only'}>
          {refused ? t('refund.refused') : nothingChosen ? t('refund.nothingChosen') : ''}
        </p>
        {confirming && (
          <p role="status" className="rounded bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {t('refund.confirm')}
          </p>
        )}
        <FormButtons
          submitLabel={t(confirming ? 'refund.submitConfirmed' : 'refund.submit')}
          closeLabel={t('actions.back')}
          busy={busy}
          onClose={onClose}
          destructive
        />
      </AdminForm>
    </ActionForm>
  );
}
