import type { APIRequestContext, Page } from '@playwright/test';
import { expect, settle, test, uniqueEmail } from './fixtures';

/*
 * The installed app: its manifest, its service worker (offline pages, and no personal answer
 * ever stored) and its first-order offer. The other journeys block service workers (the config),
 * so that their request routing sees every request; these allow them.
 */
test.use({ serviceWorkers: 'allow' });

interface ListedProduct {
  id: number;
  slug: string;
  name: string;
  price: number;
  currency: string;
  stock: number;
  image: string;
  variants: { id: number; colour: string | null; size: string | null }[];
}

async function productsInStock(request: APIRequestContext, count: number) {
  const list = (await (await request.get('/api/products?sort=price_asc&limit=40')).json()) as {
    items: ListedProduct[];
  };
  return list.items.filter((p) => p.stock >= 5 && p.variants.length === 1).slice(0, count);
}

/** Waits until the page is controlled by the shop's service worker (registered once idle). */
async function underServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The URLs in each of the worker's caches. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => request.url));
    }
    return urls;
  });
}

test('the manifest names the shop in each language, with icons, and pages link to their own', async ({
  page,
  request,
}) => {
  const english = (await (await request.get('/manifest.webmanifest')).json()) as Record<
    string,
    unknown
  >;
  const settings = (await (await request.get('/api/settings')).json()) as { shopName: string };
  expect(english).toMatchObject({
    name: settings.shopName,
    lang: 'en',
    dir: 'ltr',
    display: 'standalone',
    start_url: '/',
  });
  const arabic = (await (await request.get('/manifest.webmanifest?lang=ar')).json()) as Record<
    string,
    unknown
  >;
  expect(arabic).toMatchObject({ lang: 'ar', dir: 'rtl', start_url: '/?lang=ar' });
  for (const icon of english.icons as { src: string }[]) {
    expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  }
  expect((await request.get('/manifest.webmanifest?lang=xx')).status()).toBe(400);

  await page.goto('/?lang=ar');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest?lang=ar',
  );

  // Chromium's own installability check, the one Lighthouse 12 no longer reports: a manifest
  // it accepts and a service worker in control. (A test's browser context is a private window,
  // where nothing installs; that one reason is the test's, not the shop's.)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const devtools = await page.context().newCDPSession(page);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  const { errors } = await devtools.send('Page.getAppManifest');
  expect(errors).toEqual([]);
});

test('offline, a product seen before opens from the cache, an unseen one shows the offline page, and nothing personal was stored', async ({
  page,
  context,
  request,
}) => {
  const [seen, unseen] = (await productsInStock(request, 2)) as [ListedProduct, ListedProduct];
  await page.goto('/');
  await settle(page);
  await underServiceWorker(page);

  await page.goto(`/productdetails/${seen.id}`);
  await expect(page.getByRole('heading', { level: 1, name: seen.name })).toBeVisible();
  await settle(page);
  // A personal answer, as every page asks for: the session.
  await page.evaluate(async () => {
    await fetch('/api/auth/get-session');
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: seen.name })).toBeVisible();

  await page.goto(`/productdetails/${unseen.id}`);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'أنت غير متصل بالإنترنت' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();

  const urls = await cachedUrls(page);
  expect(urls.some((url) => url.endsWith(`/productdetails/${seen.id}`))).toBe(true);
  const personal = urls.filter((url) =>
    /\/api\/(cart|wishlist|auth|account|orders|admin)|\/(account|checkout|cart)(\/|$|\?)/.test(
      new URL(url).pathname,
    ),
  );
  expect(personal).toEqual([]);
  await context.setOffline(false);
});

/**
 * Chromium reports display-mode standalone only for an installed app's window, which a test
 * cannot open; the journey answers the media query as that window would, from the test alone
 * (no hook in the shop's code).
 */
async function runAsInstalledApp(page: Page) {
  await page.addInitScript(() => {
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = matchMedia(query);
      if (!query.includes('display-mode: standalone')) return list;
      return Object.defineProperty(list, 'matches', { value: true });
    };
  });
}

const texts = {
  en: {
    firstName: 'First Name',
    street: 'Street Address',
    city: 'Town/City',
    phone: 'Phone Number',
    email: 'Email Address',
    cash: 'Cash on delivery',
    place: 'Place Order',
    appDiscount: 'App first-order discount:',
    inApp: 'You are shopping in the app.',
    offer: /^Save .*\$3\.00.* with App New User Only$/,
  },
  ar: {
    firstName: 'الاسم الأول',
    street: 'عنوان الشارع',
    city: 'المدينة/البلدة',
    phone: 'رقم الهاتف',
    email: 'البريد الإلكتروني',
    cash: 'الدفع عند الاستلام',
    place: 'تأكيد الطلب',
    appDiscount: 'خصم أول طلب من التطبيق:',
    inApp: 'أنت تتسوق في التطبيق.',
    offer: /^وفّر .*3.* مع التطبيق للمستخدمين الجدد فقط$/,
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  test(`on a phone in the installed app (${language}): the first order gets the app discount, the second does not`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    await runAsInstalledApp(page);
    const text = texts[language];
    const [product] = (await productsInStock(request, 1)) as [ListedProduct];
    const email = uniqueEmail(`app-${language}`);
    // A customer of their own: no earlier order has this mailbox, phone or street.
    const phone = `+971 5${language === 'en' ? 0 : 5} ${String(Date.now()).slice(-7)}`;
    const street = `${String(Date.now()).slice(-6)} ${language === 'en' ? 'Palm' : 'Sidr'} Street`;

    async function checkout() {
      await page.goto(`/productdetails/${product.id}?lang=${language}`);
      await page.evaluate((item) => {
        localStorage.setItem(
          'selectedProducts',
          JSON.stringify([
            {
              id: item.id,
              variant: { id: item.variants[0]!.id, colour: null, size: null },
              slug: item.slug,
              name: item.name,
              price: item.price,
              compareAtPrice: null,
              currency: item.currency,
              stock: item.stock,
              image: item.image,
              quantity: 1,
            },
          ]),
        );
      }, product);
      await page.goto(`/checkout?lang=${language}`);
      await page.getByRole('textbox', { name: text.firstName, exact: true }).fill('Noor');
      await page.getByRole('textbox', { name: text.street, exact: true }).fill(street);
      await page.getByRole('textbox', { name: text.city, exact: true }).fill('Dubai');
      await page.getByRole('textbox', { name: text.phone, exact: true }).fill(phone);
      await page.getByRole('textbox', { name: text.email, exact: true }).fill(email);
      await page.getByLabel(text.cash).check();
    }

    await checkout();
    await expect(page.getByText(text.appDiscount)).toBeVisible();
    await expect(page.getByTestId('order-discount')).toContainText(/3|٣/);
    await page.getByRole('button', { name: text.place }).click();
    await expect(page.getByTestId('order-number')).toHaveText(/^SQ-/);
    await expect(page.getByTestId('order-discount')).toBeVisible();

    // Once per customer: the next order from the app has no discount.
    await checkout();
    await expect(page.getByTestId('order-total')).toBeVisible();
    await expect(page.getByText(text.appDiscount)).toHaveCount(0);
    await expect(page.getByTestId('order-discount')).toHaveCount(0);

    // The footer says the shop is running as the app.
    await page.goto(`/?lang=${language}`);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByText(text.inApp)).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText(text.offer)).toBeVisible();
    await context.close();
  });
}
