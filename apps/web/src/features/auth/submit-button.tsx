import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** The form's submit button: shows progress and cannot be pressed again while busy. */
export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" disabled={busy} aria-busy={busy}>
      {busy && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      )}
      {busy ? t('auth.working') : label}
    </Button>
  );
}
