import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstalledApp } from '../../lib/installed-app';

/** Chromium's install offer (not in the DOM's types): `prompt()` shows its install dialog once. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** iPhone and iPad Safari install only through Share → Add to Home Screen. */
const isIosSafari = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) && !/CriOS|FxiOS|EdgiOS/.test(navigator.userAgent);

/**
 * The footer's "Download App": registers the installed app's service worker, and offers the
 * browser's install dialog where it has one (Chromium's `beforeinstallprompt`), short
 * instructions where it does not. Loaded once the page is idle or the footer comes near, so it
 * adds nothing to a page's start-up script (decision 026).
 */
export function AppInstall() {
  const { t } = useTranslation();
  const installed = useInstalledApp();
  const [offer, setOffer] = useState<InstallPromptEvent | null>(null);
  const [accepted, setAccepted] = useState(false);

  useEffect(() => {
    const keep = (event: Event) => {
      // The browser's own mini-bar gives way to the footer's button.
      event.preventDefault();
      setOffer(event as InstallPromptEvent);
    };
    const done = () => setAccepted(true);
    window.addEventListener('beforeinstallprompt', keep);
    window.addEventListener('appinstalled', done);
    // Only the build has a worker; the development server serves none.
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      navigator.serviceWorker.register('/sw.js').catch(() => {
        // Without a worker the shop still works online; nothing for the shopper to do.
      });
    }
    return () => {
      window.removeEventListener('beforeinstallprompt', keep);
      window.removeEventListener('appinstalled', done);
    };
  }, []);

  if (installed || accepted) {
    return <p className="text-sm">{t('footer.appInstalled')}</p>;
  }
  if (offer) {
    return (
      <button
        type="button"
        className="min-h-11 self-start rounded bg-brand px-6 font-medium text-white hover:bg-brand-dark"
        onClick={() => {
          void offer.prompt();
          void offer.userChoice.then(({ outcome }) => {
            setOffer(null);
            if (outcome === 'accepted') setAccepted(true);
          });
        }}
      >
        {t('footer.installApp')}
      </button>
    );
  }
  return (
    <p className="text-sm" data-testid="app-install-steps">
      {isIosSafari() ? t('footer.installStepsIos') : t('footer.installStepsOther')}
    </p>
  );
}
