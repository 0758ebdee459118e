import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Two shops from `npm start`: one with display delays off (most journeys), one as shipped.
 * E2E_PORT moves both, so several checkouts can run their journeys side by side.
 */
const basePort = Number(process.env.E2E_PORT ?? 4310);
// The card providers' doubles sit well above the shops, clear of other checkouts' E2E_PORTs.
export const ports = {
  fast: basePort,
  delayed: basePort + 1,
  stripe: basePort + 1000,
  checkoutCom: basePort + 1001,
} as const;

// Kept in the environment so test workers, which load this file again, see the same folder.
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'souq-e2e-')));

/** The database of the shop on `port`, for journeys that use the shop owner's scripts. */
export function shopDatabaseUrl(port: number): string {
  return `sqlite:${path.join(dataDir, `shop-${port}.db`)}`;
}

/** A shop's own folder (generated secret, uploads, mail outbox). */
export function shopDataDir(port: number) {
  return path.join(dataDir, `data-${port}`);
}

/**
 * Card payments against local doubles of the providers (e2e/support): Stripe on the fast shop,
 * Checkout.com on the shop as shipped, so each provider's journeys need no shop of their own.
 */
const stripeCards = {
  STRIPE_SECRET_KEY: 'sk_test_double',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_double_secret',
  STRIPE_API_URL: `http://127.0.0.1:${ports.stripe}`,
};
const checkoutComCards = {
  CHECKOUT_COM_SECRET_KEY: 'sk_sbox_double',
  CHECKOUT_COM_WEBHOOK_SECRET: 'cko-double-webhook-secret',
  CHECKOUT_COM_API_URL: `http://127.0.0.1:${ports.checkoutCom}`,
};

/** A card provider's double, sending the shopper back and its webhooks to the shop on `shopPort`. */
function cardDouble(provider: 'stripe' | 'checkout_com', port: number, shopPort: number) {
  return {
    command: 'npx tsx e2e/support/card-double-server.ts',
    port,
    reuseExistingServer: false,
    env: {
      CARD_DOUBLE: provider,
      CARD_DOUBLE_PORT: String(port),
      SHOP_URL: `http://127.0.0.1:${shopPort}`,
    },
  };
}

function shop(port: number, displayDelays: 'on' | 'off', extraEnv: Record<string, string> = {}) {
  return {
    command: 'npm start --silent',
    // Readiness: the journeys start once the catalog index is built, as a load balancer would.
    url: `http://127.0.0.1:${port}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATABASE_URL: shopDatabaseUrl(port),
      DISPLAY_DELAYS: displayDelays,
      LOG_LEVEL: 'warn',
      DATA_DIR: shopDataDir(port),
      // Every journey signs up from 127.0.0.1: more accounts in an hour than one household makes.
      SIGN_UP_LIMIT_PER_HOUR: '1000',
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // Journeys wait for what the shopper sees, never for a fixed time; these are only ceilings, set
  // for a busy 2-core CI machine (load average above 10), where one page can take seconds.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${ports.fast}`,
    trace: 'retain-on-failure',
    // The shop's service worker would answer requests that journeys route or count; the
    // installed app's journeys (installed-app.spec.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's Chromium; Playwright's own browser download is never used.
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
    },
  ],
  webServer: [
    shop(ports.fast, 'off', stripeCards),
    shop(ports.delayed, 'on', checkoutComCards),
    cardDouble('stripe', ports.stripe, ports.fast),
    cardDouble('checkout_com', ports.checkoutCom, ports.delayed),
  ],
});
