import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@souq/contracts/money';
import { isAuditAction, systemActorOf, type AuditEntry } from '@souq/contracts/staff';
import { useShopCurrency } from '../shared/admin-api';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import { SHOP_TIME_ZONE } from '../shared/list-parts';
import { asRecord, fieldChanges, type FieldChange } from './audit-changes';
import { dateFormat } from '../../../lib/date-format';

/** Fields that hold an amount of money in minor units (a coupon's `amount` when it is fixed). */
const MONEY_FIELDS = new Set(['price', 'compareAtPrice', 'minSubtotal', 'refundedTotal']);
/** Fields that hold a moment, shown in the shop's time zone. */
const MOMENT_FIELDS = new Set(['startsAt', 'endsAt', 'readAt', 'answeredAt', 'receivedAt']);

// Stand for parts of a worded sentence that are shown as elements: the sentence is split
// around them, so each name and value keeps its own direction inside text of the other.
const SUBJECT = '\ue000';
const ACTOR = '\ue001';
const FROM = '\ue002';
const TO = '\ue003';
const PART = /([\ue000-\ue003])/;

interface Subject {
  text: string;
  href: string | null;
}

interface Wording {
  t: TFunction;
  locale: string;
  currency: string;
  /** A coupon's `amount` is money only when the coupon takes a fixed amount off. */
  fixedAmount: boolean;
  moment: (iso: string) => string;
}

const recordOf = (entry: AuditEntry) => asRecord(entry.after) ?? asRecord(entry.before) ?? {};
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** What the entry names, and where its screen is (none once it is deleted). */
/** A person by name (or email); a change made by the shop itself, in the reader's language. */
export function actorName(actor: { email: string; name?: string | null }, t: TFunction): string {
  const system = systemActorOf(actor.email);
  return system ? t(`systemActors.${system}`) : (actor.name ?? actor.email);
}

function subjectOf(entry: AuditEntry, t: TFunction): Subject {
  const record = recordOf(entry);
  const id = Number(entry.entityId);
  const gone = entry.after === null;
  switch (entry.entityType) {
    case 'product':
      return {
        text: text(record.name) ?? `#${entry.entityId}`,
        href: entry.action === 'product.archived' ? null : adminPaths.product(id),
      };
    case 'category':
      return entry.action === 'category.reordered'
        ? { text: t('audit.subjects.categories'), href: adminPaths.categories }
        : { text: text(record.name) ?? `#${entry.entityId}`, href: adminPaths.categories };
    case 'order':
      return { text: `#${text(record.number) ?? entry.entityId}`, href: adminPaths.order(id) };
    case 'coupon':
      return { text: text(record.code) ?? `#${entry.entityId}`, href: adminPaths.coupon(id) };
    case 'flash_sale':
      return {
        text: text(record.name) ?? `#${entry.entityId}`,
        href: gone ? null : adminPaths.flashSale(id),
      };
    case 'contact_message':
      return {
        text: text(record.name) || text(record.email) || `#${entry.entityId}`,
        href: adminPaths.message(id),
      };
    case 'staff':
      return { text: text(record.email) ?? entry.entityId, href: adminPaths.staff };
    case 'catalog':
      return { text: entry.entityId, href: adminPaths.catalogFile };
    case 'carrier':
      return {
        text: text(record.name) ?? `#${entry.entityId}`,
        href: gone ? null : adminPaths.carriers,
      };
    case 'shipping_zone':
      return {
        text: text(record.name) ?? `#${entry.entityId}`,
        href: gone ? null : adminPaths.shippingZone(id),
      };
    case 'product_review': {
      const product = record.product as { name?: unknown } | undefined;
      return { text: text(product?.name) ?? `#${entry.entityId}`, href: adminPaths.reviews };
    }
    case 'shop_settings':
      return { text: t('audit.subjects.settings'), href: adminPaths.settings };
    case 'tax_rates':
      return { text: t('audit.subjects.taxRates'), href: adminPaths.taxRates };
    default:
      return { text: `${entry.entityType} ${entry.entityId}`, href: null };
  }
}

/** A field's name as a sentence says it ("price", "city"), by its path or its last part. */
export function fieldLabel(field: string, t: TFunction): string {
  const parts = field.split('.');
  const last = parts.at(-1) ?? field;
  const label =
    t(`auditFields.${field}`, { defaultValue: '' }) ||
    t(`auditFields.${last}`, { defaultValue: '' });
  if (label) return label;
  // Text per language ("openingHours.ar", "promoBar.text.ar"): the field's and the language's name.
  const parent = parts.at(-2);
  if (parent && /^[a-z]{2}$/.test(last)) {
    const language = t(`auditLanguages.${last}`, { defaultValue: last });
    return `${t(`auditFields.${parent}`, { defaultValue: parent })} (${language})`;
  }
  return last;
}

/** A value as a reader says it: money with its sign, moments in the shop's time, yes or no. */
export function valueText(field: string, value: unknown, wording: Wording): string {
  const { t, locale, currency } = wording;
  const last = field.split('.').at(-1) ?? field;
  if (value === null || value === undefined || value === '') return t('audit.empty');
  if (
    typeof value === 'number' &&
    (MONEY_FIELDS.has(last) || (last === 'amount' && wording.fixedAmount))
  ) {
    return formatMoney(value, currency, locale);
  }
  if (typeof value === 'string' && MOMENT_FIELDS.has(last)) return wording.moment(value);
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
  if (typeof value === 'string' && last === 'role') return t(`roles.${value}`);
  if (typeof value === 'string' && last === 'status') return t(`status.${value}`);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
  if (Array.isArray(value)) {
    const names = value.map((item) =>
      typeof item === 'string' ? item : text(asRecord(item)?.name),
    );
    if (last !== 'images' && names.every((name) => name !== undefined) && names.length > 0) {
      return names.join(', ');
    }
    return t('audit.items', { count: value.length });
  }
  return text(asRecord(value)?.name) ?? t('audit.changedValue');
}

/** Numbers and names the action's sentence needs besides its subject. */
function sentenceValues(entry: AuditEntry, wording: Wording): Record<string, string> {
  const { t, locale, currency } = wording;
  const before = asRecord(entry.before) ?? {};
  const after = asRecord(entry.after) ?? {};
  const number = (value: unknown) =>
    typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : '—';
  switch (entry.action) {
    case 'product.stock_adjusted':
      return { from: number(before.stock), to: number(after.stock) };
    case 'catalog.imported':
      return { created: number(after.created), updated: number(after.updated) };
    case 'order.refunded': {
      const amount = asRecord(after.refund)?.amount;
      return { amount: typeof amount === 'number' ? formatMoney(amount, currency, locale) : '—' };
    }
    case 'staff.invited':
      return { role: t(`roles.${String(after.role)}`) };
    case 'staff.role_changed':
      return { from: t(`roles.${String(before.role)}`), to: t(`roles.${String(after.role)}`) };
    default:
      return {};
  }
}

/** A worded sentence with its marked parts as elements, each isolated in its direction. */
function Sentence({ text: sentence, parts }: { text: string; parts: Record<string, ReactNode> }) {
  return (
    <>
      {sentence
        .split(PART)
        .map((piece, index) =>
          piece in parts ? <Fragment key={index}>{parts[piece]}</Fragment> : piece,
        )}
    </>
  );
}

/** What the entry names: a link to its screen, or plain text once it has none. */
function SubjectName({ subject }: { subject: Subject }) {
  const name = <bdi>{subject.text}</bdi>;
  return subject.href ? (
    <Link to={subject.href} className="text-brand underline">
      {name}
    </Link>
  ) : (
    name
  );
}

/**
 * An audit entry as people say it: "Sara changed the price of Linen Shirt from $25.00 to
 * $22.50", with a link to what it names; an edit of several fields lists each, worded.
 */
export function AuditSentence({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useAdminTranslation();
  const shopCurrency = useShopCurrency();
  const record = recordOf(entry);
  const moment = dateFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: SHOP_TIME_ZONE,
  });
  const wording: Wording = {
    t,
    locale: i18n.language,
    currency: text(record.currency) ?? shopCurrency,
    fixedAmount: record.kind === 'fixed',
    moment: (iso) => moment.format(new Date(iso)),
  };
  const subject = subjectOf(entry, t);
  const actor = actorName(entry.actor, t);
  const changes = entry.action.endsWith('.updated') ? fieldChanges(entry.before, entry.after) : [];
  const only = changes.length === 1 ? changes[0] : undefined;
  const sentence = only
    ? t('auditSentences.changedOne', {
        actor: ACTOR,
        subject: SUBJECT,
        field: fieldLabel(only.field, t),
        from: FROM,
        to: TO,
      })
    : isAuditAction(entry.action)
      ? t(`auditSentences.${entry.action}`, {
          actor: ACTOR,
          subject: SUBJECT,
          ...sentenceValues(entry, wording),
        })
      : t('auditSentences.other', { actor: ACTOR, subject: SUBJECT, action: entry.action });
  const parts = {
    [ACTOR]: <bdi>{actor}</bdi>,
    [SUBJECT]: <SubjectName subject={subject} />,
    ...(only && {
      [FROM]: <bdi>{valueText(only.field, only.before, wording)}</bdi>,
      [TO]: <bdi>{valueText(only.field, only.after, wording)}</bdi>,
    }),
  };
  return (
    <>
      <p className="font-medium">
        <Sentence text={sentence} parts={parts} />
      </p>
      {changes.length > 1 && <ChangeList changes={changes} wording={wording} />}
    </>
  );
}

function ChangeList({ changes, wording }: { changes: FieldChange[]; wording: Wording }) {
  const { t } = wording;
  return (
    <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="text-muted first-letter:uppercase">{fieldLabel(change.field, t)}</dt>
          <dd className="mb-1 break-words sm:mb-0">
            <Sentence
              text={t('audit.fromTo', { from: FROM, to: TO })}
              parts={{
                [FROM]: <bdi>{valueText(change.field, change.before, wording)}</bdi>,
                [TO]: <bdi>{valueText(change.field, change.after, wording)}</bdi>,
              }}
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}
