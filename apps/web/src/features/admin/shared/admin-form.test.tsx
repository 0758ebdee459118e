import { fireEvent, screen, waitFor } from '@testing-library/preact';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { minorUnitsSchema } from '@souq/contracts/catalog';
import { renderWithProviders } from '../../../test/render';
import { AdminForm, MoneyInput, TextInput, useAdminForm } from './admin-form';
import { useAdminText } from './admin-i18n';

const offerSchema = z.object({
  title: z.string().trim().min(1).max(20),
  price: minorUnitsSchema,
  was: minorUnitsSchema.nullable(),
});

function OfferForm({
  currency,
  onSubmit,
}: {
  currency: string;
  onSubmit: (offer: z.output<typeof offerSchema>) => Promise<{ error?: unknown } | undefined>;
}) {
  const form = useAdminForm(offerSchema, { title: '', was: null });
  return (
    <AdminForm form={form} onSubmit={onSubmit}>
      <TextInput name="title" label="Title" invalidText="Give the offer a title." />
      <MoneyInput name="price" label="Price" currency={currency} />
      <MoneyInput name="was" label="Was" currency={currency} optional />
      <button type="submit">Save</button>
    </AdminForm>
  );
}

function Loaded(props: Parameters<typeof OfferForm>[0]) {
  return useAdminText() ? <OfferForm {...props} /> : null;
}

function renderForm(currency: string, answer?: { error?: unknown }) {
  const sent: unknown[] = [];
  renderWithProviders(
    <Loaded
      currency={currency}
      onSubmit={async (offer) => {
        sent.push(offer);
        return answer;
      }}
    />,
  );
  return sent;
}

const type = async (label: string, text: string) =>
  fireEvent.input(await screen.findByLabelText(label), { target: { value: text } });

/** The words a screen reader reads with the field: what aria-describedby points at. */
function announced(label: string): string | null {
  const field = screen.getByLabelText(label);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const described = field.getAttribute('aria-describedby');
  return described ? (document.getElementById(described)?.textContent ?? null) : null;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the back-office form', () => {
  it.each([
    ['USD', '1,299.5', 129950],
    ['KWD', '١٢٫٣٤٥', 12345],
    ['JPY', '1200', 1200],
  ])('sends an amount typed in %s as minor units', async (currency, typed, minor) => {
    const sent = renderForm(currency);
    await type('Title', 'Spring');
    await type(`Price (${currency})`, typed);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ title: 'Spring', price: minor, was: null }]));
  });

  it('refuses what the schema refuses beside each field, announced, and sends nothing', async () => {
    const sent = renderForm('USD');
    await type('Price (USD)', '12.345');
    await type('Was (USD)', 'soon');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(announced('Title')).toBe('Give the offer a title.'));
    expect(announced('Price (USD)')).toBe('Enter an amount in USD, such as 12.50');
    expect(announced('Was (USD)')).toBe('Enter an amount in USD, such as 12.50');
    expect(sent).toEqual([]);
  });

  it.each(['abc', '-3', '1.2.3', '0.001'])(
    'refuses %s as a price beside the field and sends nothing',
    async (typed) => {
      const sent = renderForm('USD');
      await type('Title', 'Spring');
      await type('Price (USD)', typed);
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(announced('Price (USD)')).toBe('Enter an amount in USD, such as 12.50'),
      );
      expect(sent).toEqual([]);
    },
  );

  it('puts the server’s refusal of a field beside that field', async () => {
    const refusal = {
      status: 400,
      data: {
        error: {
          code: 'validation_failed',
          message: 'Check the offer',
          fields: { title: 'An offer with this title exists' },
        },
      },
    };
    const sent = renderForm('USD', { error: refusal });
    await type('Title', 'Spring');
    await type('Price (USD)', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(announced('Title')).toBe('An offer with this title exists'));
    expect(announced('Price (USD)')).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('names a wrong amount in Arabic for an Arabic-speaking staff member', async () => {
    await i18n.changeLanguage('ar');
    renderForm('KWD');
    await type('Title', 'ربيع');
    await type('Price (KWD)', '1.2345');
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(announced('Price (KWD)')).toBe('أدخل مبلغًا بعملة KWD، مثل 12.50'));
  });
});
