import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { TaxInvoice } from '@souq/contracts/invoices';
import { orderLookupSchema, type OrderLookup } from '@souq/contracts/orders';
import { primaryLinkClass } from '../../components/ui/button';
import { CREDIT_NOTE_PARAM, TaxDocument } from '../../components/ui/tax-document';
import { isNotFound } from '../../lib/api-error';
import { useGetInvoiceQuery, useLookUpInvoiceQuery } from '../../lib/orders-api';
import { paths } from '../../lib/paths';
import { useSignedIn } from '../../lib/session-api';
import { SignInToSee } from './sign-in-to-see';

/**
 * An order's tax invoice and credit notes: the signed-in buyer's at /account/orders/:id/invoice,
 * a guest's at /orders/lookup/invoice with the look-up (number and email) in the page's state,
 * so the email never enters the address bar.
 */
export default function InvoicePage() {
  const { t } = useTranslation();
  const params = useParams();
  const guest = params.id === undefined;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-12">
      <Link
        to={guest ? paths.orderLookup : paths.myOrder(params.id ?? '')}
        className="inline-flex min-h-11 items-center self-start text-sm text-brand hover:underline print:hidden"
      >
        {t('orders.invoice.backToOrder')}
      </Link>
      <h1 className="text-3xl font-semibold print:hidden">{t('orders.invoice.pageTitle')}</h1>
      {guest ? <GuestInvoice /> : <BuyerInvoice id={params.id ?? ''} />}
    </div>
  );
}

function BuyerInvoice({ id: idText }: { id: string }) {
  const { t } = useTranslation();
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  const signedIn = useSignedIn();
  const invoice = useGetInvoiceQuery(id ?? 0, { skip: signedIn !== true || id === null });
  if (signedIn === undefined) return <p role="status">{t('common.loading')}</p>;
  if (!signedIn) return <SignInToSee />;
  if (id === null) return <p role="alert">{t('orders.notFound')}</p>;
  return <InvoiceResult result={invoice} />;
}

function GuestInvoice() {
  const { t } = useTranslation();
  const { state } = useLocation() as { state: unknown };
  const lookUp = orderLookupSchema.safeParse(state);
  const invoice = useLookUpInvoiceQuery(lookUp.data ?? ({} as OrderLookup), {
    skip: !lookUp.success,
  });
  if (!lookUp.success) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="text-muted">{t('orders.invoice.lookUpFirst')}</p>
        <Link to={paths.orderLookup} className={primaryLinkClass}>
          {t('orders.lookup.submit')}
        </Link>
      </div>
    );
  }
  return <InvoiceResult result={invoice} />;
}

function InvoiceResult({
  result,
}: {
  result: { data?: TaxInvoice; error?: unknown; isError: boolean };
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  if (isNotFound(result.error)) return <p role="alert">{t('orders.invoice.notYet')}</p>;
  if (result.isError) {
    return (
      <p role="alert" className="text-brand">
        {t('orders.loadFailed')}
      </p>
    );
  }
  if (!result.data) return <p role="status">{t('common.loading')}</p>;
  return (
    <TaxDocument invoice={result.data} creditNoteNumber={searchParams.get(CREDIT_NOTE_PARAM)} />
  );
}
