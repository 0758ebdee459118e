import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { catalogImportResultSchema, type CatalogImportResult } from '@souq/contracts/admin-catalog';
import { Button, primaryLinkClass } from '../../../components/ui/button';
import { apiErrorMessage, readApiError } from '../../../lib/api-error';
import { useAppDispatch } from '../../../store/hooks';
import { AdminForm, FileInput, useAdminForm } from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { catalogApi } from './catalog-api';
import { PageHeading, Panel } from '../shared/page-parts';
import { asApiError, uploadFile } from './upload';
import {
  importProblems,
  importReportCsv,
  problemLine,
  type ImportProblem,
} from './import-problems';
import { useShopCurrency } from '../shared/admin-api';

type ImportState =
  | { step: 'idle' }
  | { step: 'uploading'; sent: number }
  | { step: 'checking' }
  | { step: 'done'; result: CatalogImportResult }
  | { step: 'failed'; message: string; problems: ImportProblem[] };

/**
 * The import form: one chosen file. The server reads the file's rows against the contract (a
 * multipart body, so there is no request schema to share); the form only needs a file.
 */
const importFileSchema = z.object({
  file: z
    .custom<FileList>((files) => files instanceof FileList && files.length === 1)
    .transform((files) => files[0] as File),
});

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
  const dispatch = useAppDispatch();
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const busy = state.step === 'uploading' || state.step === 'checking';
  const form = useAdminForm(importFileSchema, {});
  const currency = useShopCurrency();
  const chosen = form.watch('file') as FileList | undefined;
  // A newly chosen file starts afresh: the last import's outcome was about another file.
  useEffect(() => {
    const watching = form.watch(() => setState({ step: 'idle' }));
    return () => watching.unsubscribe();
  }, [form]);

  // The outcome is shown below the form: a row's problem is not one of the form's fields.
  const submit = async ({ file }: { file: File }) => {
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
      const fields = readApiError(error).fields;
      const problems = importProblems(fields, t, currency, i18n.language);
      setState({
        step: 'failed',
        message:
          problems.length > 0
            ? t('importProblems.count', { count: problems.length })
            : apiErrorMessage(shopT, error),
        problems,
      });
    } catch {
      setState({ step: 'failed', message: shopT('apiErrors.offline'), problems: [] });
    }
  };

  const percent = (n: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(n);

  return (
    <Panel id="import-heading" title={t('catalogFile.importTitle')}>
      <p className="mb-4 text-sm text-muted">{t('catalogFile.importHelp')}</p>
      <AdminForm
        form={form}
        onSubmit={async (values) => {
          await submit(values);
          return undefined;
        }}
        className="flex flex-col gap-4"
      >
        <FileInput
          name="file"
          label={t('catalogFile.chooseFile')}
          accept=".csv,.json,text/csv,application/json"
          disabled={busy}
        />
        <Button type="submit" className="min-h-11 w-fit" disabled={!chosen?.length || busy}>
          {t('catalogFile.import')}
        </Button>
      </AdminForm>
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
            {state.problems.length > 0 && (
              <>
                <ul className="mt-2 list-disc ps-5 text-sm">
                  {state.problems.map((problem) => (
                    <li key={`${problem.row ?? ''} ${problem.field ?? ''}`}>
                      {problemLine(problem, t)}
                    </li>
                  ))}
                </ul>
                <a
                  href={`data:text/csv;charset=utf-8,${encodeURIComponent(importReportCsv(state.problems, t))}`}
                  download={t('importProblems.reportFile')}
                  className="mt-3 inline-flex min-h-11 items-center text-sm font-medium text-brand underline"
                >
                  {t('importProblems.download')}
                </a>
              </>
            )}
          </div>
        )}
      </div>
    </Panel>
  );
}
