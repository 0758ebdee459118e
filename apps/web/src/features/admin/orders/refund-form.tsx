import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrder, OrderAction } from '@souq/contracts/admin-orders';
import { fieldAria, FormField, inputClass } from '../../../components/ui/form-field';
import { Money } from '../../../components/ui/price';
import { VariantLabel } from '../../../components/ui/variant-label';
import { localized } from '../../../lib/localized';
import { nameWithVariant } from '../../../lib/variants';
import { useAdminTranslation } from '../shared/admin-i18n';
import { ActionForm, FormButtons, validateAction, type ActionResult } from './order-actions';

interface LineChoice {
  quantity: string;
  restock: boolean;
}

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
  const id = useId();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const refundable = order.lines
    .map((line) => ({
      line,
      left: line.quantity - (order.refundedQuantities[String(line.id)] ?? 0),
    }))
    .filter(({ left }) => left > 0);
  const [choices, setChoices] = useState<Record<number, LineChoice>>(() =>
    Object.fromEntries(
      refundable.map(({ line, left }) => [line.id, { quantity: String(left), restock: true }]),
    ),
  );
  const [includeShipping, setIncludeShipping] = useState(false);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();

  const change = (lineId: number, choice: Partial<LineChoice>) =>
    setChoices((current) => {
      const previous = current[lineId];
      return previous ? { ...current, [lineId]: { ...previous, ...choice } } : current;
    });

  /** The request, or null with a message when a quantity is not a whole number within the line. */
  const request = (): OrderAction | null => {
    const lines = [];
    for (const { line, left } of refundable) {
      const choice = choices[line.id];
      if (!choice) continue;
      const quantity = Number(choice.quantity);
      if (!Number.isInteger(quantity) || quantity < 0 || quantity > left) {
        setError(
          t('refund.quantityError', {
            name: nameWithVariant(
              localized(line, 'name', i18n.language),
              line.variant,
              i18n.language,
            ),
            max: left,
          }),
        );
        return null;
      }
      if (quantity > 0) lines.push({ lineId: line.id, quantity, restock: choice.restock });
    }
    const action: OrderAction = {
      action: 'refund',
      lines,
      ...(includeShipping ? { includeShipping } : {}),
      ...(note.trim() ? { note } : {}),
    };
    const problems = validateAction(action);
    if (problems) {
      setError(t(problems.note ? 'actions.noteError' : 'refund.nothingChosen'));
      return null;
    }
    return action;
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    const action = request();
    if (!action) {
      setConfirming(false);
      return;
    }
    // Money leaves the shop: the first press asks, the second refunds.
    if (!confirming) {
      setConfirming(true);
      return;
    }
    const result = await onSubmit(action, idempotencyKey);
    if (result.error) {
      setConfirming(false);
      setError(t('refund.refused'));
    }
  };

  const noteId = `${id}-note`;
  return (
    <ActionForm title={t('refund.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-3" disabled={confirming}>
          <legend className="sr-only">{t('refund.lines')}</legend>
          {refundable.map(({ line, left }) => {
            const choice = choices[line.id];
            const quantityId = `${id}-q-${line.id}`;
            const name = nameWithVariant(
              localized(line, 'name', i18n.language),
              line.variant,
              i18n.language,
            );
            return (
              <div
                key={line.id}
                className="flex flex-wrap items-end gap-3 border-b border-neutral-100 pb-3"
              >
                <div className="min-w-0 flex-1 basis-48 text-sm">
                  <bdi className="font-medium">{localized(line, 'name', i18n.language)}</bdi>
                  <VariantLabel variant={line.variant} />
                  <span className="block text-muted">
                    <Money amount={line.unitPrice} currency={order.currency} /> ·{' '}
                    {t('refund.left', { count: left })}
                  </span>
                </div>
                <label htmlFor={quantityId} className="flex flex-col gap-1 text-sm">
                  {t('refund.quantity')}
                  <input
                    id={quantityId}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={left}
                    step={1}
                    value={choice?.quantity ?? '0'}
                    onChange={(event) => change(line.id, { quantity: event.target.value })}
                    aria-label={t('refund.quantityOf', { name })}
                    className={`${inputClass} min-h-12 w-24`}
                  />
                </label>
                <label className="flex min-h-12 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={choice?.restock ?? false}
                    onChange={(event) => change(line.id, { restock: event.target.checked })}
                    aria-label={t('refund.restockOf', { name })}
                    className="size-5 accent-brand"
                  />
                  {t('refund.restock')}
                </label>
              </div>
            );
          })}
          {order.shipping > 0 && (
            <label className="flex min-h-12 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={includeShipping}
                onChange={(event) => setIncludeShipping(event.target.checked)}
                className="size-5 accent-brand"
              />
              {t('refund.includeShipping')}
            </label>
          )}
          <FormField id={noteId} label={t('actions.note')}>
            <textarea
              {...fieldAria(noteId, undefined)}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={500}
              rows={2}
              className={`${inputClass} resize-y`}
            />
          </FormField>
        </fieldset>
        <p role="alert" className={error ? 'text-sm text-brand' : 'sr-only'}>
          {error}
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
      </form>
    </ActionForm>
  );
}
