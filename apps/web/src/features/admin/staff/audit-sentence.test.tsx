import { screen, waitFor } from '@testing-library/preact';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditActions, type AuditEntry } from '@souq/contracts/staff';
import { renderWithProviders } from '../../../test/render';
import arabic from '../locales/ar/admin.json';
import english from '../locales/en/admin.json';
import { useAdminText } from '../shared/admin-i18n';
import { serve } from '../shared/test-server';
import { AuditSentence } from './audit-sentence';

function Loaded({ entry }: { entry: AuditEntry }) {
  return useAdminText() ? <AuditSentence entry={entry} /> : null;
}

const sara = { userId: 'u1', email: 'sara@souq.example', name: 'Sara' };
const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-26T09:30:00.000Z',
  actor: sara,
  action: 'product.updated',
  entityType: 'product',
  entityId: '619',
  before: null,
  after: null,
  ...overrides,
});

const linenShirt = { name: 'Linen Shirt', currency: 'USD', price: 2500, published: true };

/** The sentence's paragraph, once the back office's text has loaded. */
const sentence = () =>
  waitFor(() => {
    const paragraph = document.querySelector('p');
    if (!paragraph) throw new Error('no sentence yet');
    return paragraph.textContent;
  });

async function sentenceOf(audit: AuditEntry) {
  renderWithProviders(<Loaded entry={audit} />);
  return sentence();
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the audit log in sentences', () => {
  it('words every action the server can write, in English and in Arabic', () => {
    for (const action of auditActions) {
      const en = (english.auditSentences as Record<string, string>)[action];
      const ar = (arabic.auditSentences as Record<string, string>)[action];
      expect(en, `${action} in English`).toMatch(/\{\{actor\}\}/);
      expect(ar, `${action} in Arabic`).toMatch(/\{\{actor\}\}/);
      expect(ar, `${action} in Arabic differs`).not.toBe(en);
    }
  });

  it('says who changed which price of what, in the product’s currency, with a link to it', async () => {
    serve({});
    const text = await sentenceOf(
      entry({ before: linenShirt, after: { ...linenShirt, price: 2250 } }),
    );
    expect(text).toBe('Sara changed the price of Linen Shirt from $25.00 to $22.50');
    expect(screen.getByRole('link', { name: 'Linen Shirt' }).getAttribute('href')).toBe(
      '/admin/products/619',
    );
  });

  it('says it in Arabic for an Arabic-speaking staff member', async () => {
    serve({});
    await i18n.changeLanguage('ar');
    const text = await sentenceOf(
      entry({
        actor: { ...sara, name: 'سارة' },
        before: { ...linenShirt, currency: 'KWD', price: 12_345 },
        after: { ...linenShirt, currency: 'KWD', price: 12_000 },
      }),
    );
    expect(text.replace(/\u00a0/g, ' ')).toBe(
      'غيّر سارة السعر في Linen Shirt من 12.345 د.ك. إلى 12.000 د.ك.',
    );
  });

  it('words a settings change field by field in plain words, not JSON', async () => {
    serve({});
    renderWithProviders(
      <Loaded
        entry={entry({
          action: 'settings.updated',
          entityType: 'shop_settings',
          entityId: '1',
          before: { shopName: 'Souq', address: { city: 'Dubai' }, displayDelays: true },
          after: { shopName: 'Dar Al Qamar', address: { city: 'Doha' }, displayDelays: false },
        })}
      />,
    );
    expect(await sentence()).toBe('Sara changed the shop settings');
    expect(screen.getByRole('link', { name: 'shop settings' }).getAttribute('href')).toBe(
      '/admin/settings',
    );
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const definitions = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual(['shop name', 'city', 'display delays']);
    expect(definitions).toEqual(['Souq → Dar Al Qamar', 'Dubai → Doha', 'yes → no']);
  });

  it('names an order by its number, the amount refunded in its currency, and a staff role', async () => {
    serve({});
    const refund = await sentenceOf(
      entry({
        action: 'order.refunded',
        entityType: 'order',
        entityId: '42',
        before: { number: 'SQ-1042', currency: 'KWD', status: 'confirmed' },
        after: {
          number: 'SQ-1042',
          currency: 'KWD',
          status: 'confirmed',
          refund: { amount: 12_345 },
        },
      }),
    );
    expect(refund.replace(/\u00a0/g, ' ')).toBe('Sara refunded KWD 12.345 of order #SQ-1042');
    expect(screen.getByRole('link', { name: '#SQ-1042' }).getAttribute('href')).toBe(
      '/admin/orders/42',
    );
  });

  it('names the payment provider, an actor without an account, in Arabic on the Arabic page', async () => {
    serve({});
    await i18n.changeLanguage('ar');
    const text = await sentenceOf(
      entry({
        actor: { userId: null, email: 'payment provider', name: null },
        action: 'order.paid',
        entityType: 'order',
        entityId: '42',
        before: { number: 'SQ-1042', status: 'awaiting_payment' },
        after: { number: 'SQ-1042', status: 'pending' },
      }),
    );
    expect(text).toBe('أكّد مزوّد الدفع دفع الطلب #SQ-1042');
  });
});
