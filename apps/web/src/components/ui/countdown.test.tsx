import { act, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Countdown, splitDuration } from './countdown';

const DEVICE_NOW = Date.parse('2026-11-21T10:00:00.000Z');
function shown(): Record<string, string> {
  const units: Record<string, string> = {};
  for (const el of document.querySelectorAll('[data-unit]')) {
    units[el.getAttribute('data-unit') ?? ''] = el.textContent;
  }
  return units;
}

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(DEVICE_NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down from the server clock, not the device clock', () => {
    // The device runs an hour slow; the sale ends 1 d 2 h 3 min 4 s after the server's now.
    const serverNow = DEVICE_NOW + 60 * 60 * 1000;
    const endsAt = serverNow + ((26 * 60 + 3) * 60 + 4) * 1000;
    renderWithProviders(
      <Countdown
        endsAt={new Date(endsAt).toISOString()}
        serverTime={new Date(serverNow).toISOString()}
      />,
    );
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(shown()).toEqual({ days: '01', hours: '02', minutes: '03', seconds: '04' });
  });

  it('ticks every second', async () => {
    const now = new Date(DEVICE_NOW).toISOString();
    renderWithProviders(
      <Countdown endsAt={new Date(DEVICE_NOW + 61_000).toISOString()} serverTime={now} />,
    );
    expect(shown()).toMatchObject({ minutes: '01', seconds: '01' });
    await act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toMatchObject({ minutes: '01', seconds: '00' });
    await act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toMatchObject({ minutes: '00', seconds: '59' });
  });

  it('says the sale ended at zero and never shows negative numbers', async () => {
    const now = new Date(DEVICE_NOW).toISOString();
    renderWithProviders(
      <Countdown endsAt={new Date(DEVICE_NOW + 2000).toISOString()} serverTime={now} />,
    );
    await act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toMatchObject({ seconds: '01' });
    await act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('This sale has ended.')).toBeTruthy();
    await act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('This sale has ended.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/-\d/);
  });

  it('shows an already finished sale as ended', () => {
    renderWithProviders(
      <Countdown
        endsAt={new Date(DEVICE_NOW - 5000).toISOString()}
        serverTime={new Date(DEVICE_NOW).toISOString()}
      />,
    );
    expect(screen.getByText('This sale has ended.')).toBeTruthy();
  });

  it('splits a duration and clamps below zero', () => {
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(90_061_000)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
  });
});
