import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogImportResultSchema, type CatalogImportResult } from '@souq/contracts/admin-catalog';
import { Button, primaryLinkClass } from '../../../components/ui/button';
import { apiErrorMessage, readApiError } from '../../../lib/api-error';
import { useAppDispatch } from '../../../store/hooks';
import { useAdminTranslation } from '../shared/admin-i18n';
import { catalogApi } from './catalog-api';
import { PageHeading, Panel } from '../shared/page-parts';
import { asApiError, uploadFile } from './upload';

type ImportState =
  | { step: 'idle' }
  | { step: 'uploading'; sent: number }
  | { step: 'checking' }
  | { step: 'done'; result: CatalogImportResult }
  | { step: 'failed'; message: string; rows: [string, string][] };

/** Import a catalog file with a real upload progress bar, and download the catalog. */
export function CatalogFilePage() {
  const { t } = useAdminTranslation();
  return (
    <>
      <PageHeading title={t('catalogFile.title')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ImportPanel />
        <Panel id="export-heading" title={t('catalogFile.exportTitle')}>
          <p className="mb-4 text-sm text-muted">{t('catalogFile.exportHelp')}</p>
          <div className="flex flex-wrap gap-3">
            <a
              href="/api/admin/catalog/export?format=csv"
              download
              className={`${primaryLinkClass} min-h-11`}
            >
              {t('catalogFile.downloadCsv')}
            </a>
            <a
              href="/api/admin/catalog/export?format=json"
              download
              className={`${primaryLinkClass} min-h-11`}
            >
              {t('catalogFile.downloadJson')}
            </a>
          </div>
        </Panel>
      </div>
    </>
  );
}

function ImportPanel() {
  const { t, i18n } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const id = useId();
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const busy = state.step === 'uploading' || state.step === 'checking';

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    setState({ step: 'uploading', sent: 0 });
    try {
      const answer = await uploadFile('/api/admin/catalog/import', file, (sent) =>
        // Once every byte is sent, the server checks and saves: a different wait.
        setState(sent >= 1 ? { step: 'checking' } : { step: 'uploading', sent }),
      );
      const result = catalogImportResultSchema.safeParse(answer.body);
      if (answer.status === 200 && result.success) {
        setState({ step: 'done', result: result.data });
        dispatch(catalogApi.util.invalidateTags(['AdminProducts', 'AdminCategories']));
        return;
      }
      const error = asApiError(answer);
      setState({
        step: 'failed',
        message: apiErrorMessage(shopT, error),
        rows: Object.entries(readApiError(error).fields),
      });
    } catch {
      setState({ step: 'failed', message: shopT('apiErrors.offline'), rows: [] });
    }
  };

  const percent = (n: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(n);

  return (
    <Panel id="import-heading" title={t('catalogFile.importTitle')}>
      <p className="mb-4 text-sm text-muted">{t('catalogFile.importHelp')}</p>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <label htmlFor={id} className="flex flex-col gap-1 text-sm">
          {t('catalogFile.chooseFile')}
          <input
            id={id}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={busy}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setState({ step: 'idle' });
            }}
            className="min-h-11 file:me-3 file:min-h-11 file:rounded file:border file:border-neutral-400 file:bg-white file:px-4"
          />
        </label>
        <Button type="submit" className="min-h-11 w-fit" disabled={!file || busy}>
          {t('catalogFile.import')}
        </Button>
      </form>
      <div aria-live="polite" className="mt-4 flex flex-col gap-2">
        {state.step === 'uploading' && (
          <>
            <p>{t('catalogFile.uploading', { percent: percent(state.sent) })}</p>
            <progress
              max={1}
              value={state.sent}
              aria-label={t('catalogFile.uploadProgress')}
              className="h-3 w-full accent-brand"
            />
          </>
        )}
        {state.step === 'checking' && (
          <>
            <p>{t('catalogFile.checking')}</p>
            <progress aria-label={t('catalogFile.checking')} className="h-3 w-full accent-brand" />
          </>
        )}
        {state.step === 'done' && (
          <p role="status" className="rounded bg-emerald-50 px-3 py-2 text-emerald-900">
            {t('catalogFile.done', {
              created: state.result.created,
              updated: state.result.updated,
            })}
          </p>
        )}
        {state.step === 'failed' && (
          <div role="alert" className="rounded bg-brand/10 px-3 py-2">
            <p className="font-medium text-brand">{t('catalogFile.failed')}</p>
            <p className="text-sm">{state.message}</p>
            {state.rows.length > 0 && (
              <ul className="mt-2 list-disc ps-5 text-sm">
                {state.rows.map(([where, problem]) => (
                  <li key={where}>
                    <bdi dir="ltr">
                      {where}: {problem}
                    </bdi>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </Panel>
  );
}
