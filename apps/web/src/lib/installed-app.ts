import { useMediaQuery } from './use-media-query';

/**
 * Whether the shop runs as the installed app (opened from the home screen): the manifest's
 * `display: standalone`, or iOS Safari's home-screen mode, which it reports only on `navigator`.
 */
export function useInstalledApp(): boolean {
  const standalone = useMediaQuery('(display-mode: standalone)');
  const iosHomeScreen =
    typeof navigator !== 'undefined' &&
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || iosHomeScreen;
}
