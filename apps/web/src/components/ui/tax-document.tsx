import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { CreditNote, TaxDocumentLine, TaxInvoice } from '@souq/contracts/invoices';
import { languageOf } from '@souq/contracts/languages';
import { formatNumber } from '../../lib/number-format';
import { localized } from '../../lib/localized';
import { addressLines } from '../../lib/shop-settings';
import { BillingAddress } from './billing-address';
import { Button } from './button';
import { Money } from './price';
import { VariantLabel } from './variant-label';
import { dateFormat } from '../../lib/date-format';

/** The search parameter that names the credit note shown instead of the invoice. */
export const CREDIT_NOTE_PARAM = 'creditNote';

/**
 * An order's tax invoice, or one of its credit notes, as the buyer, a guest and staff see it and
 * print it (the print stylesheet in index.css prints this alone): the seller and buyer, each line
 * with its VAT rate and VAT, the totals and, for a Saudi seller, the ZATCA QR code. Links to the
 * invoice and each credit note sit above it; `creditNoteNumber` picks the one shown.
 */
export function TaxDocument({
  invoice,
  creditNoteNumber,
}: {
  invoice: TaxInvoice;
  creditNoteNumber: string | null;
}) {
  const { t } = useTranslation();
  // The guest's look-up travels in the page's state: the links keep it.
  const { state: pageState } = useLocation() as { state: unknown };
  const creditNote = invoice.creditNotes.find((note) => note.number === creditNoteNumber) ?? null;
  const current = creditNote ?? invoice;
  const chosen = 'text-neutral-900 font-medium underline underline-offset-4';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4 print:hidden">
        {invoice.creditNotes.length > 0 ? (
          <nav aria-label={t('orders.invoice.documents')}>
            <ul className="flex flex-wrap gap-x-6 gap-y-1">
              {/* A flex box drops the space between the name and the number: the gap shows it. */}
              {[invoice, ...invoice.creditNotes].map((document) => (
                <li key={document.number}>
                  <Link
                    to={{
                      search:
                        document === invoice
                          ? ''
                          : `?${CREDIT_NOTE_PARAM}=${encodeURIComponent(document.number)}`,
                    }}
                    replace
                    state={pageState}
                    preventScrollReset
                    aria-current={document === current ? 'page' : undefined}
                    className={`inline-flex min-h-11 items-center gap-1 text-brand hover:underline ${document === current ? chosen : ''}`}
                  >
                    {t(
                      document === invoice ? 'orders.invoice.invoice' : 'orders.invoice.creditNote',
                    )}{' '}
                    <bdi dir="ltr">{document.number}</bdi>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <span />
        )}
        <Button variant="outline" onClick={() => window.print()} className="min-h-11">
          {t('orders.invoice.print')}
        </Button>
      </div>
      <article
        className="tax-document flex flex-col gap-8 rounded border border-neutral-300 bg-white p-4 sm:p-8 print:border-0 print:p-0"
        aria-labelledby="tax-document-title"
        data-testid="tax-document"
      >
        <DocumentHeading invoice={invoice} creditNote={creditNote} />
        <Parties invoice={invoice} />
        <Lines document={current} currency={invoice.currency} />
        <Totals invoice={invoice} creditNote={creditNote} />
        {creditNote?.note && (
          <p className="text-sm">
            <span className="text-muted">{t('orders.invoice.reason')}: </span>
            <bdi>{creditNote.note}</bdi>
          </p>
        )}
      </article>
    </div>
  );
}

function DocumentHeading({
  invoice,
  creditNote,
}: {
  invoice: TaxInvoice;
  creditNote: CreditNote | null;
}) {
  const { t, i18n } = useTranslation();
  const current = creditNote ?? invoice;
  const date = dateFormat(languageOf(i18n.language).intlLocale, {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(current.issuedAt));
  const facts: [string, string][] = [
    [t('orders.invoice.number'), current.number],
    [t('orders.invoice.issued'), date],
    ...(creditNote
      ? ([
          [t('orders.invoice.forInvoice'), creditNote.invoiceNumber],
          [t('orders.invoice.creditFor'), t(`orders.invoice.creditReasons.${creditNote.reason}`)],
        ] as [string, string][])
      : []),
    [t('orders.number'), invoice.orderNumber],
  ];
  return (
    <header className="flex flex-wrap items-start justify-between gap-6">
      <div className="flex flex-col gap-3">
        <h2 id="tax-document-title" className="text-2xl font-semibold">
          {t(creditNote ? 'orders.invoice.creditNoteTitle' : 'orders.invoice.title')}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {current.qrCode && (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(current.qrCode.svg)}`}
          alt={t('orders.invoice.qrCode')}
          width={144}
          height={144}
          className="size-36"
          data-testid="zatca-qr"
        />
      )}
    </header>
  );
}

function Parties({ invoice }: { invoice: TaxInvoice }) {
  const { t, i18n } = useTranslation();
  const { seller, buyer } = invoice;
  const sellerLines = addressLines(seller, i18n.language);
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <section aria-labelledby="seller-heading" className="flex flex-col gap-1">
        <h3 id="seller-heading" className="text-sm text-muted">
          {t('orders.invoice.seller')}
        </h3>
        <address className="not-italic">
          <span className="block font-medium">
            <bdi>{seller.name}</bdi>
          </span>
          {sellerLines.map((line) => (
            <span key={line} className="block">
              <bdi>{line}</bdi>
            </span>
          ))}
        </address>
        {seller.vatNumber && (
          <p>
            <span className="text-muted">{t('orders.invoice.vatNumber')}: </span>
            <bdi dir="ltr" data-testid="seller-vat-number">
              {seller.vatNumber}
            </bdi>
          </p>
        )}
      </section>
      <section aria-labelledby="buyer-heading" className="flex flex-col gap-1">
        <h3 id="buyer-heading" className="text-sm text-muted">
          {t('orders.invoice.buyer')}
        </h3>
        <BillingAddress billing={buyer}>
          <span className="block">
            <bdi>{buyer.email}</bdi>
          </span>
        </BillingAddress>
      </section>
    </div>
  );
}

/** A rate in basis points as a percentage in the reader's language: 1500 is "15%". */
function ratePercent(basisPoints: number, language: string): string {
  return formatNumber(basisPoints / 10_000, language, {
    style: 'percent',
    maximumFractionDigits: 2,
  });
}

/**
 * The lines as a table on a wide screen; on a phone each line is a block of labelled rows, so
 * nothing scrolls sideways.
 */
function Lines({ document, currency }: { document: TaxInvoice | CreditNote; currency: string }) {
  const { t, i18n } = useTranslation();
  if (document.lines.length === 0) return null;
  const money = (amount: number) => <Money amount={amount} currency={currency} />;
  const columns = [
    t('orders.quantity'),
    t('orders.invoice.unitPrice'),
    t('orders.invoice.vatRate'),
    t('orders.invoice.vat'),
    t('orders.invoice.amount'),
  ];
  const cell =
    'flex justify-between gap-4 py-1 sm:table-cell sm:py-3 sm:ps-4 sm:text-end whitespace-nowrap before:text-muted before:content-[attr(data-label)] sm:before:content-none';
  const values = (line: TaxDocumentLine) => [
    formatNumber(line.quantity, i18n.language),
    money(line.unitPrice),
    ratePercent(line.taxRate, i18n.language),
    money(line.tax),
    money(line.amount),
  ];
  return (
    <table className="w-full text-sm">
      <thead className="hidden sm:table-header-group">
        <tr className="border-b border-neutral-300 text-muted">
          <th scope="col" className="py-2 text-start font-normal">
            {t('orders.product')}
          </th>
          {columns.map((label) => (
            <th key={label} scope="col" className="py-2 ps-4 text-end font-normal">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {document.lines.map((line) => (
          <tr
            key={line.orderLineId}
            className="block border-b border-neutral-200 py-3 sm:table-row sm:py-0"
          >
            <td className="block pb-1 font-medium sm:table-cell sm:py-3 sm:font-normal">
              <bdi>{localized(line, 'name', i18n.language)}</bdi>
              <VariantLabel variant={line.variant} />
            </td>
            {values(line).map((value, index) => (
              <td key={columns[index]} data-label={columns[index]} className={cell}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Totals({ invoice, creditNote }: { invoice: TaxInvoice; creditNote: CreditNote | null }) {
  const { t } = useTranslation();
  const money = (amount: number) => <Money amount={amount} currency={invoice.currency} />;
  const current = creditNote ?? invoice;
  const rows: [string, ReactNode][] = [];
  if (creditNote) {
    if (creditNote.shipping > 0) {
      rows.push([t('orders.invoice.shippingRefunded'), money(creditNote.shipping)]);
    }
  } else {
    rows.push([t('orders.invoice.subtotal'), money(invoice.subtotal)]);
    if (invoice.discount > 0)
      rows.push([t('orders.invoice.discount'), <>−{money(invoice.discount)}</>]);
    rows.push([t('orders.invoice.shipping'), money(invoice.shipping)]);
  }
  rows.push(
    [t('orders.invoice.totalExcludingVat'), money(current.totalExcludingTax)],
    [
      t(invoice.pricesIncludeTax ? 'orders.invoice.vatIncluded' : 'orders.invoice.vatTotal'),
      money(current.tax),
    ],
  );
  return (
    <dl className="w-full max-w-sm self-end text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 border-b border-neutral-200 py-2">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 py-3 text-base font-semibold">
        <dt>
          {t(creditNote ? 'orders.invoice.totalCredited' : 'orders.invoice.totalIncludingVat')}
        </dt>
        <dd data-testid="tax-document-total">{money(current.total)}</dd>
      </div>
    </dl>
  );
}
