import { Link, useParams, useSearchParams } from 'react-router';
import { CREDIT_NOTE_PARAM, TaxDocument } from '../../../components/ui/tax-document';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import { AdminMessage, LoadError, Loading, PageHeading } from '../shared/page-parts';
import { useGetAdminInvoiceQuery } from './orders-api';

/** An order's tax invoice and credit notes as the buyer has them, to print or send on. */
export function OrderInvoicePage() {
  const { t } = useAdminTranslation();
  const { id: idParam = '' } = useParams();
  const [searchParams] = useSearchParams();
  const id = /^\d{1,9}$/.test(idParam) ? Number(idParam) : null;
  const invoice = useGetAdminInvoiceQuery(id ?? 0, { skip: id === null });
  const back = (
    <Link
      to={id === null ? adminPaths.orders : adminPaths.order(id)}
      className="inline-flex min-h-11 items-center gap-2 self-start hover:text-brand print:hidden"
    >
      <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
        ←
      </span>
      {t('order.backToOrder')}
    </Link>
  );
  if (id === null || (invoice.error && 'status' in invoice.error && invoice.error.status === 404)) {
    return <AdminMessage title={t('order.noInvoice')}>{back}</AdminMessage>;
  }
  return (
    <div className="flex flex-col gap-6">
      {back}
      <div className="print:hidden">
        <PageHeading title={t('order.invoice')} />
      </div>
      {invoice.data ? (
        <TaxDocument
          invoice={invoice.data}
          creditNoteNumber={searchParams.get(CREDIT_NOTE_PARAM)}
        />
      ) : invoice.error ? (
        <LoadError error={invoice.error} onRetry={() => void invoice.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  );
}
