import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  cancelActionSchema,
  shipActionSchema,
  type AdminOrder,
  type OrderAction,
  type OrderActionName,
} from '@souq/contracts/admin-orders';
import type { Carrier } from '@souq/contracts/carriers';
import { Button } from '../../../components/ui/button';
import { apiErrorMessage, readApiError } from '../../../lib/api-error';
import { moneyInText } from '../../../lib/money';
import { useTakeOrderActionMutation } from './orders-api';
import { useGetCarriersQuery } from '../carriers/carriers-api';
import { AdminForm, SelectInput, TextInput, useAdminForm } from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { Loaded } from '../shared/page-parts';
import { RefundForm } from './refund-form';

type Outcome = { text: string; failed: boolean };

/**
 * The server's answer to an action, for the form that sent it: an `error` when the server refused
 * some of its fields (the form stays open to show them); any other failure closes the form.
 */
export type ActionResult = { error?: unknown };

/** What the ship form asks for: the parcel's carrier and tracking number. */
const parcelSchema = shipActionSchema.omit({ action: true });
type Parcel = z.input<typeof parcelSchema>;
/** Cancelling and recording a refused delivery both take the same optional note. */
const noteSchema = cancelActionSchema.pick({ note: true });
type Note = z.input<typeof noteSchema>;

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
      if (info.status === 400 && Object.keys(info.fields).length > 0)
        return { error: result.error };
      setOpen(null);
      setOutcome({
        text: info.status === 409 ? t('actions.conflict') : apiErrorMessage(shopT, result.error),
        failed: true,
      });
      return {};
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
    return {};
  };

  const allowed = order.allowedActions;
  // Confirm and deliver act at once, worded by how the order is paid; the others open a form.
  const buttons: { action: OrderActionName; label: string; press: () => void; outline?: true }[] = [
    {
      action: 'confirm',
      label: t(order.paymentMethod === 'bank_transfer' ? 'actions.confirmPaid' : 'actions.confirm'),
      press: () => void run({ action: 'confirm' }),
    },
    { action: 'ship', label: t('actions.ship'), press: () => openForm('ship') },
    {
      action: 'deliver',
      label: t(
        order.paymentMethod === 'cash_on_delivery' ? 'actions.deliverCollected' : 'actions.deliver',
      ),
      press: () => void run({ action: 'deliver' }),
    },
    {
      action: 'refuse_delivery',
      label: t('actions.refuse'),
      press: () => openForm('refuse_delivery'),
      outline: true,
    },
    {
      action: 'cancel',
      label: t('actions.cancel'),
      press: () => openForm('cancel'),
      outline: true,
    },
    {
      action: 'refund',
      label: t('actions.refund'),
      press: () => openForm('refund'),
      outline: true,
    },
  ];

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
          {buttons
            .filter(({ action }) => allowed.includes(action))
            .map(({ action, label, press, outline }) => (
              <Button
                key={action}
                variant={outline ? 'outline' : 'primary'}
                className={buttonSize}
                disabled={isLoading}
                onClick={press}
              >
                {label}
              </Button>
            ))}
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

/** A form inside the actions box: its title is focused when it opens. */
export function ActionForm({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} ref={heading} tabIndex={-1} className="font-medium focus:outline-none">
        {title}
      </h3>
      {children}
    </section>
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
  const carriers = useGetCarriersQuery(undefined);
  return (
    <ActionForm title={t('actions.shipForm.title')}>
      <Loaded query={carriers}>
        {({ items }) => (
          <ParcelForm carriers={items} busy={busy} onSubmit={onSubmit} onClose={onClose} />
        )}
      </Loaded>
    </ActionForm>
  );
}

/** The parcel's carrier, one of the shop's (the first chosen), and its tracking number. */
function ParcelForm({
  carriers,
  busy,
  onSubmit,
  onClose,
}: {
  carriers: Carrier[];
  busy: boolean;
  onSubmit: (action: OrderAction) => Promise<ActionResult>;
  onClose: () => void;
}) {
  const { t } = useAdminTranslation();
  const form = useAdminForm(parcelSchema, { carrierId: carriers[0]?.id, trackingNumber: '' });
  return (
    <AdminForm form={form} onSubmit={(parcel) => onSubmit({ action: 'ship', ...parcel })}>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectInput<Parcel>
          name="carrierId"
          label={t('actions.shipForm.carrier')}
          invalidText={t('actions.shipForm.carrierError')}
          options={carriers.map((carrier) => ({ value: carrier.id, label: carrier.name }))}
        />
        <TextInput<Parcel>
          name="trackingNumber"
          label={t('actions.shipForm.trackingNumber')}
          invalidText={t('actions.shipForm.trackingNumberError')}
          maxLength={60}
          dir="ltr"
          autoComplete="off"
        />
      </div>
      <FormButtons
        submitLabel={t('actions.shipForm.submit')}
        closeLabel={t('actions.back')}
        busy={busy}
        onClose={onClose}
      />
    </AdminForm>
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
  const form = useAdminForm(noteSchema, { note: '' });
  const key = action === 'cancel' ? 'cancelForm' : 'refuseForm';
  return (
    <ActionForm title={t(`actions.${key}.title`)}>
      <AdminForm
        form={form}
        // A blank note is no note.
        onSubmit={({ note }) => onSubmit(note ? { action, note } : { action })}
      >
        <p className="text-sm">{t(`actions.${key}.warning`)}</p>
        <NoteInput rows={3} />
        <FormButtons
          submitLabel={t(`actions.${key}.submit`)}
          closeLabel={t(`actions.${key}.keep`)}
          busy={busy}
          onClose={onClose}
          destructive
        />
      </AdminForm>
    </ActionForm>
  );
}

/** The note an action may carry, which the shopper sees: in any form whose schema has `note`. */
export function NoteInput({ rows }: { rows: number }) {
  const { t } = useAdminTranslation();
  return (
    <TextInput<Note>
      name="note"
      label={t('actions.note')}
      invalidText={t('actions.noteError')}
      maxLength={500}
      rows={rows}
    />
  );
}
