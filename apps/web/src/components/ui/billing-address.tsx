import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressInput } from '@souq/contracts/addresses';
import { languageOf } from '@souq/contracts/languages';
import { countryName } from '../../lib/country-names';

/**
 * A billing address's name and place, a line each, followed by whatever the page adds (the
 * shopper's page: phone and email). Each part is isolated, so a Latin street or name keeps its
 * own word order on an Arabic page.
 */
export function BillingAddress({
  billing,
  className = '',
  children,
}: {
  billing: AddressInput;
  className?: string;
  children?: ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <address className={`not-italic ${className}`}>
      {[
        [billing.firstName, billing.lastName].filter(Boolean).join(' '),
        billing.companyName,
        billing.streetAddress,
        billing.apartment,
        [billing.city, billing.region, billing.postalCode].filter(Boolean).join(', '),
        countryName(billing.country, languageOf(i18n.language).intlLocale),
      ]
        .filter(Boolean)
        .map((part) => (
          <span key={part} className="block">
            <bdi>{part}</bdi>
          </span>
        ))}
      {children}
    </address>
  );
}
