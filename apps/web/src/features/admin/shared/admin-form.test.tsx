import { fireEvent, screen, waitFor } from '@testing-library/preact';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { minorUnitsSchema } from '@souq/contracts/catalog';
import { renderWithProviders } from '../../../test/render';
import {
  AdminForm,
  CheckboxInput,
  DateTimeInput,
  MoneyInput,
  NumberInput,
  RadioInput,
  TextInput,
  useAdminForm,
} from './admin-form';
import { useAdminText } from './admin-i18n';
import { announced } from './test-server';

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

const campaignSchema = z.object({
  audience: z.enum(['everyone', 'members']),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime(),
  uses: z.number().int().positive().nullable(),
  quiet: z.boolean(),
  agreed: z.literal(true),
});

function CampaignForm({ answer, sent }: { answer?: { error?: unknown }; sent: unknown[] }) {
  const form = useAdminForm(campaignSchema, {
    startsAt: null,
    uses: null,
    quiet: false,
    agreed: false as never,
  });
  const ready = useAdminText();
  if (!ready) return null;
  return (
    <AdminForm
      form={form}
      onSubmit={async (campaign) => {
        sent.push(campaign);
        return answer;
      }}
    >
      <RadioInput
        name="audience"
        label="Audience"
        invalidText="Choose who sees it."
        options={[
          { value: 'everyone', label: 'Everyone' },
          { value: 'members', label: 'Members' },
        ]}
      />
      <DateTimeInput name="startsAt" label="Starts" optional />
      <DateTimeInput name="endsAt" label="Ends" invalidText="Enter when it ends." />
      <NumberInput
        name="uses"
        label="Uses"
        hint="Empty: no limit"
        invalidText="Enter a whole number."
        optional
      />
      <CheckboxInput name="quiet" label="Send no mail" />
      <CheckboxInput name="agreed" label="I agree" invalidText="Agree to go on." />
      <button type="submit">Save</button>
    </AdminForm>
  );
}

function renderCampaign(answer?: { error?: unknown }) {
  const sent: unknown[] = [];
  renderWithProviders(<CampaignForm answer={answer} sent={sent} />);
  return sent;
}

const type = async (label: string, text: string) =>
  fireEvent.input(await screen.findByLabelText(label), { target: { value: text } });

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
    await waitFor(() => expect(announced('Price (KWD)')).toBe('أدخل مبلغًا بعملة KWD، مثل 12.500'));
  });

  it('sends a choice, times read in the shop’s time zone, a count in Arabic digits and yes or no', async () => {
    const sent = renderCampaign();
    fireEvent.click(await screen.findByLabelText('Members'));
    await type('Ends', '2026-12-01T09:30');
    await type('Uses', '١٢');
    fireEvent.click(screen.getByLabelText('I agree'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          audience: 'members',
          startsAt: null,
          endsAt: '2026-12-01T09:30:00.000Z',
          uses: 12,
          quiet: false,
          agreed: true,
        },
      ]),
    );
  });

  it('refuses a missing choice, time, count and tick beside each, announced, and sends nothing', async () => {
    const sent = renderCampaign();
    await type('Uses', '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(announced('Everyone')).toBe('Choose who sees it.'));
    expect(announced('Members')).toBe('Choose who sees it.');
    expect(announced('Ends')).toBe('Enter when it ends.');
    expect(announced('Uses')).toBe('Enter a whole number.');
    expect(announced('I agree')).toBe('Agree to go on.');
    expect(announced('Starts')).toBeNull();
    expect(announced('Send no mail')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('reads a hint with its field until an error takes its place', async () => {
    renderCampaign();
    const uses = await screen.findByLabelText('Uses');
    expect(uses.getAttribute('aria-invalid')).toBeNull();
    const hint = document.getElementById(uses.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Empty: no limit');
    await type('Uses', 'many');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(announced('Uses')).toBe('Enter a whole number.'));
  });

  it('puts the server’s refusal of a time and a tick beside them', async () => {
    const refusal = {
      status: 400,
      data: {
        error: {
          code: 'validation_failed',
          message: 'Check the campaign',
          fields: { endsAt: 'The end must be after the start', agreed: 'Not for this role' },
        },
      },
    };
    const sent = renderCampaign({ error: refusal });
    fireEvent.click(await screen.findByLabelText('Everyone'));
    await type('Starts', '2026-12-02T10:00');
    await type('Ends', '2026-12-01T10:00');
    fireEvent.click(screen.getByLabelText('I agree'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(announced('Ends')).toBe('The end must be after the start'));
    expect(announced('I agree')).toBe('Not for this role');
    expect(announced('Starts')).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('reads a count grouped with the Arabic thousands separator, and refuses a decimal one', async () => {
    const sent = renderCampaign();
    fireEvent.click(await screen.findByLabelText('Everyone'));
    await type('Ends', '2026-12-01T09:30');
    fireEvent.click(screen.getByLabelText('I agree'));
    await type('Uses', '١٫٥');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(announced('Uses')).toBe('Enter a whole number.'));
    await type('Uses', '١٬٠٠٠');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toMatchObject([{ uses: 1000 }]));
  });
});
