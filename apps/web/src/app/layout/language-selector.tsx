import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n';
import { shopLanguages, type LanguageCode } from '@souq/contracts/languages';

/** The shop's language choice; `selectClassName` dresses it for a frame other than the shop's header. */
export function LanguageSelector({
  selectClassName = 'cursor-pointer rounded bg-black py-1 text-sm text-neutral-50',
}: {
  selectClassName?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <label className="flex items-center gap-1">
      <span className="sr-only">{t('layout.language')}</span>
      <select
        value={i18n.language}
        onChange={(event) => void setLanguage(event.target.value as LanguageCode)}
        className={selectClassName}
      >
        {shopLanguages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.nativeName}
          </option>
        ))}
      </select>
    </label>
  );
}
