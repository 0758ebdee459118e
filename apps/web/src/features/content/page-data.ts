import type { PageDataLoader } from '../../lib/page-data';

/** A content page's head: its own heading as the title, and a description of its own. */
function contentPage(titleKey: string, descriptionKey: string): PageDataLoader {
  return async ({ t }) => ({
    status: 200,
    head: { title: t(titleKey), description: t(descriptionKey) },
    entries: [],
  });
}

/** The server rendering of the content pages, keyed by their route-table chunk; they read no data. */
export const contentPageData: Record<string, PageDataLoader> = {
  about: contentPage('pages.about.title', 'seo.aboutDescription'),
  contact: contentPage('pages.contact.title', 'seo.contactDescription'),
  faq: contentPage('pages.faq.title', 'seo.faqDescription'),
  'privacy-policy': contentPage('pages.privacy.title', 'seo.privacyDescription'),
  'terms-of-use': contentPage('pages.terms.title', 'seo.termsDescription'),
  'not-found': contentPage('notFound.title', 'seo.notFoundDescription'),
};
