import type { LineVariant } from '@souq/contracts/orders';
import { useTranslation } from 'react-i18next';
import { localized } from '../../lib/localized';
import { Swatch } from './swatch';

/**
 * Which variant a cart or order line is: the colour's swatch and name (in the reader's language)
 * and the size. Nothing for a product that comes in one colour and one size.
 */
export function VariantLabel({ variant }: { variant: LineVariant | null }) {
  const { t, i18n } = useTranslation();
  if (!variant || (!variant.colour && !variant.size)) return null;
  const { colour, size } = variant;
  return (
    <span
      data-testid="line-variant"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted"
    >
      {colour && (
        <span className="flex items-center gap-1.5">
          <Swatch hex={colour.hex} className="size-3.5" />
          <span>
            {t('variant.colour')} <bdi>{localized(colour, 'name', i18n.language)}</bdi>
          </span>
        </span>
      )}
      {/* a space for screen readers and copied text; the flex gap spaces it on the screen */}
      {colour && size && ' '}
      {size && (
        <span>
          {t('variant.size')} <bdi>{size}</bdi>
        </span>
      )}
    </span>
  );
}
