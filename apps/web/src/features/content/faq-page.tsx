import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../components/ui/icons';
import { paths } from '../../lib/paths';

const questions = [
  'delivery',
  'freeDelivery',
  'returns',
  'payment',
  'account',
  'coupon',
  'language',
  'contact',
] as const;

export default function FaqPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 md:py-16">
      <h1 className="text-3xl font-semibold">{t('pages.faq.title')}</h1>
      <p>{t('pages.faq.intro')}</p>
      <div className="flex flex-col divide-y divide-neutral-200 border-y border-neutral-200">
        {questions.map((key) => (
          <details key={key} className="group py-2">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded py-3 font-medium [&::-webkit-details-marker]:hidden">
              {t(`pages.faq.items.${key}.q`)}
              <ChevronDownIcon
                width={20}
                height={20}
                className="shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
              />
            </summary>
            <p className="pb-3 leading-relaxed text-neutral-700">{t(`pages.faq.items.${key}.a`)}</p>
          </details>
        ))}
      </div>
      <Link to={paths.contact} className="self-start font-medium text-brand underline">
        {t('footer.contact')}
      </Link>
    </div>
  );
}
