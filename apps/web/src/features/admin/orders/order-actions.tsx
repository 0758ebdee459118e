import { useEffect, useId, useRef, useState, type SyntheticEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  orderActionSchema,
  type AdminOrder,
  type OrderAction,
  type OrderActionName,
} from '@souq/contracts/admin-orders';
import { Button } from '../../../components/ui/button';
import { fieldAria, FormField, inputClass } from '../../../components/ui/form-field';
import { apiErrorMessage, readApiError } from '../../../lib/api-error';
import { moneyInText } from '../../../lib/money';
import { useTakeOrderActionMutation } from './orders-api';
import { useAdminTranslation } from '../shared/admin-i18n';
import { RefundForm } from './refund-form';

type Outcome = { text: string; failed: boolean };

/** The server's answer to an action, for the form that sent it: field messages to show, if any. */
export type ActionResult = { ok: true } | { ok: false; fields: Record<string, string> };

const buttonSize = 'min-h-12 w-full sm:w-auto';

/**
 * What the staff member may do to the order now (the server's `allowedActions`, by role and
 * status). Confirm and deliver act at once; ship asks for the parcel's details; cancel, refuse
 * and refund ask to be confirmed. After an action the order is read again, also after a 409,
 * which means somebody else moved it first.
 */
export function OrderActions({ order }: { order: AdminOrder }) {
  const { t } = useAdminTranslation();
  const { t: shopT, i18n } = useTranslation();
  const [take, { isLoading }] = useTakeOrderActionMutation();
  const [open, setOpen] = useState<OrderActionName | null>(null);
  const [outcome, setOutcome] = useState<Outcome>();
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formWasOpen = useRef(false);

  // Focus follows the change: to the announced outcome after an action, else back to this box's
  // heading when a form is closed, since the button that opened it is gone.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
    else if (open === null && formWasOpen.current) headingRef.current?.focus();
    formWasOpen.current = open !== null;
  }, [outcome, open]);

  const openForm = (action: OrderActionName) => {
    setOutcome(undefined);
    setOpen(action);
  };

  const run = async (action: OrderAction, idempotencyKey?: string): Promise<ActionResult> => {
    setOutcome(undefined);
    const result = await take({ id: order.id, action, idempotencyKey });
    if (result.error) {
      const info = readApiError(result.error);
      if (info.status === 400 && Object.keys(info.fields).length > 0) {
        return { ok: false, fields: info.fields };
      }
      setOpen(null);
      setOutcome({
        text: info.status === 409 ? t('actions.conflict') : apiErrorMessage(shopT, result.error),
        failed: true,
      });
      return { ok: false, fields: {} };
    }
    setOpen(null);
    const refund = [...result.data.timeline].reverse().find((event) => event.type === 'refunded');
    setOutcome({
      text:
        action.action === 'refund' && refund?.amount != null
          ? t('actions.done.refund', {
              amount: moneyInText(refund.amount, result.data.currency, i18n.language),
            })
          : t(`actions.done.${action.action}`),
      failed: false,
    });
    return { ok: true };
  };

  const allowed = order.allowedActions;
  const isAllowed = (action: OrderActionName) => allowed.includes(action);

  return (
    <section
      aria-labelledby="actions-heading"
      className="flex flex-col gap-4 rounded bg-white p-4 shadow-sm md:p-5"
    >
      <h2
        id="actions-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-medium focus:outline-none"
      >
        {t('actions.title')}
      </h2>
      <p
        ref={outcomeRef}
        tabIndex={-1}
        role={outcome?.failed ? 'alert' : 'status'}
        className={
          outcome
            ? `rounded px-4 py-3 ${outcome.failed ? 'bg-brand/10 text-brand' : 'bg-emerald-50 text-emerald-900'}`
            : 'sr-only'
        }
      >
        {outcome?.text}
      </p>
      {allowed.length === 0 ? (
        <p className="text-sm text-muted">{t('actions.none')}</p>
      ) : open === null ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {isAllowed('confirm') && (
            <Button
              className={buttonSize}
              disabled={isLoading}
              onClick={() => void run({ action: 'confirm' })}
            >
              {t(
                order.paymentMethod === 'bank_transfer' ? 'actions.confirmPaid' : 'actions.confirm',
              )}
            </Button>
          )}
          {isAllowed('ship') && (
            <Button className={buttonSize} onClick={() => openForm('ship')}>
              {t('actions.ship')}
            </Button>
          )}
          {isAllowed('deliver') && (
            <Button
              className={buttonSize}
              disabled={isLoading}
              onClick={() => void run({ action: 'deliver' })}
            >
              {t(
                order.paymentMethod === 'cash_on_delivery'
                  ? 'actions.deliverCollected'
                  : 'actions.deliver',
              )}
            </Button>
          )}
          {isAllowed('refuse_delivery') && (
            <Button
              variant="outline"
              className={buttonSize}
              onClick={() => openForm('refuse_delivery')}
            >
              {t('actions.refuse')}
            </Button>
          )}
          {isAllowed('cancel') && (
            <Button variant="outline" className={buttonSize} onClick={() => openForm('cancel')}>
              {t('actions.cancel')}
            </Button>
          )}
          {isAllowed('refund') && (
            <Button variant="outline" className={buttonSize} onClick={() => openForm('refund')}>
              {t('actions.refund')}
            </Button>
          )}
        </div>
      ) : open === 'ship' ? (
        <ShipForm busy={isLoading} onSubmit={run} onClose={() => setOpen(null)} />
      ) : open === 'cancel' || open === 'refuse_delivery' ? (
        <NoteConfirmForm
          action={open}
          busy={isLoading}
          onSubmit={run}
          onClose={() => setOpen(null)}
        />
      ) : open === 'refund' ? (
        <RefundForm order={order} busy={isLoading} onSubmit={run} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}

/** A form inside the actions box: focused when it opens, with its own title. */
export function ActionForm({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <form aria-labelledby={id} onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <h3 id={id} ref={heading} tabIndex={-1} className="font-medium focus:outline-none">
        {title}
      </h3>
      {children}
    </form>
  );
}

export function FormButtons({
  submitLabel,
  closeLabel,
  busy,
  onClose,
  destructive = false,
}: {
  submitLabel: string;
  closeLabel: string;
  busy: boolean;
  onClose: () => void;
  destructive?: boolean;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Button
        type="submit"
        disabled={busy}
        className={`${buttonSize} ${destructive ? 'bg-neutral-900 hover:bg-black' : ''}`}
      >
        {submitLabel}
      </Button>
      <Button variant="outline" className={buttonSize} onClick={onClose}>
        {closeLabel}
      </Button>
    </div>
  );
}

/** Messages for an action form's fields: the contract's rule first, then the server's answer. */
export function validateAction(action: OrderAction): Record<string, string> | null {
  const parsed = orderActionSchema.safeParse(action);
  if (parsed.success) return null;
  return Object.fromEntries(
    parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

function ShipForm({
  busy,
  onSubmit,
  onClose,
}: {
  busy: boolean;
  onSubmit: (action: OrderAction) => Promise<ActionResult>;
  onClose: () => void;
}) {
  const { t } = useAdminTranslation();
  const carrierId = useId();
  const trackingId = useId();
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const message = (field: 'carrier' | 'trackingNumber') =>
    invalid[field] ? t(`actions.shipForm.${field}Error`) : undefined;

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action: OrderAction = { action: 'ship', carrier, trackingNumber };
    const problems = validateAction(action);
    setInvalid(problems ?? {});
    if (problems) return;
    const result = await onSubmit(orderActionSchema.parse(action));
    if (!result.ok) setInvalid(result.fields);
  };

  return (
    <ActionForm title={t('actions.shipForm.title')} onSubmit={(e) => void submit(e)}>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={carrierId} label={t('actions.shipForm.carrier')} error={message('carrier')}>
          <input
            {...fieldAria(carrierId, message('carrier'))}
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
            maxLength={60}
            autoComplete="off"
            className={`${inputClass} min-h-12`}
          />
        </FormField>
        <FormField
          id={trackingId}
          label={t('actions.shipForm.trackingNumber')}
          error={message('trackingNumber')}
        >
          <input
            {...fieldAria(trackingId, message('trackingNumber'))}
            value={trackingNumber}
            onChange={(event) => setTrackingNumber(event.target.value)}
            maxLength={60}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            className={`${inputClass} min-h-12 rtl:text-end`}
          />
        </FormField>
      </div>
      <FormButtons
        submitLabel={t('actions.shipForm.submit')}
        closeLabel={t('actions.back')}
        busy={busy}
        onClose={onClose}
      />
    </ActionForm>
  );
}

/** Cancel, or record a refused delivery: both return the stock, so both ask first. */
function NoteConfirmForm({
  action,
  busy,
  onSubmit,
  onClose,
}: {
  action: 'cancel' | 'refuse_delivery';
  busy: boolean;
  onSubmit: (action: OrderAction) => Promise<ActionResult>;
  onClose: () => void;
}) {
  const { t } = useAdminTranslation();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);
  const error = invalid ? t('actions.noteError') : undefined;
  const key = action === 'cancel' ? 'cancelForm' : 'refuseForm';

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request: OrderAction = { action, ...(note.trim() ? { note } : {}) };
    if (validateAction(request)) {
      setInvalid(true);
      return;
    }
    const result = await onSubmit(request);
    if (!result.ok) setInvalid(Object.keys(result.fields).length > 0);
  };

  return (
    <ActionForm title={t(`actions.${key}.title`)} onSubmit={(e) => void submit(e)}>
      <p className="text-sm">{t(`actions.${key}.warning`)}</p>
      <FormField id={noteId} label={t('actions.note')} error={error}>
        <textarea
          {...fieldAria(noteId, error)}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={500}
          rows={3}
          className={`${inputClass} resize-y`}
        />
      </FormField>
      <FormButtons
        submitLabel={t(`actions.${key}.submit`)}
        closeLabel={t(`actions.${key}.keep`)}
        busy={busy}
        onClose={onClose}
        destructive
      />
    </ActionForm>
  );
}
