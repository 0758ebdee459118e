import { mediaSrcSet } from '@souq/contracts/media';
import { useShopSettings } from '../../lib/shop-settings';

/** The shop's uploaded logo, or its name in the logo's type when it has none. */
export function ShopLogo() {
  const { shopName, logo } = useShopSettings();
  if (!logo) return <>{shopName}</>;
  return (
    <img
      src={logo}
      srcSet={mediaSrcSet(logo)}
      sizes="160px"
      alt={shopName}
      className="h-9 w-auto max-w-40 object-contain"
    />
  );
}
