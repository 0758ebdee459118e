import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { twoDigits } from '../../lib/number-format';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Milliseconds left until endsAt, ticking every second and stopping at 0. The clock is the
 * server's: serverTime, read when the sale was fetched, gives the device clock's offset, so a
 * phone set to the wrong time still shows the right countdown.
 */
export function useCountdown(endsAt: string, serverTime: string): number {
  const [offset] = useState(() => Date.parse(serverTime) - Date.now());
  const end = Date.parse(endsAt);
  const [remaining, setRemaining] = useState(() => Math.max(0, end - (Date.now() + offset)));

  useEffect(() => {
    const tick = () => Math.max(0, end - (Date.now() + offset));
    if (tick() === 0) return;
    const timer = setInterval(() => {
      const left = tick();
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, SECOND);
    return () => clearInterval(timer);
  }, [end, offset]);

  return remaining;
}

export function splitDuration(ms: number) {
  const clamped = Math.max(0, ms);
  return {
    days: Math.floor(clamped / DAY),
    hours: Math.floor((clamped % DAY) / HOUR),
    minutes: Math.floor((clamped % HOUR) / MINUTE),
    seconds: Math.floor((clamped % MINUTE) / SECOND),
  };
}

/** Days, hours, minutes and seconds to the end of a sale; "This sale has ended" once it is over. */
export function Countdown({ endsAt, serverTime }: { endsAt: string; serverTime: string }) {
  const { t, i18n } = useTranslation();
  const remaining = useCountdown(endsAt, serverTime);
  if (remaining === 0) {
    return <p className="text-lg font-semibold text-brand">{t('flashSale.ended')}</p>;
  }
  const parts = splitDuration(remaining);
  return <CountdownFace digits={(unit) => twoDigits(parts[unit], i18n.language)} />;
}

/**
 * Holds the countdown's place, unseen, until the sale arrives, so nothing below it moves. Its
 * digits are plain text: the first number formatter a page builds is costly, and this one is
 * never read.
 */
export function CountdownPlaceholder() {
  return (
    <div aria-hidden="true" className="invisible">
      <CountdownFace digits={() => '00'} />
    </div>
  );
}

const units = ['days', 'hours', 'minutes', 'seconds'] as const;

function CountdownFace({ digits }: { digits: (unit: (typeof units)[number]) => string }) {
  const { t } = useTranslation();
  return (
    <div role="timer" aria-label={t('flashSale.endsIn')} className="flex items-end gap-3 md:gap-4">
      {units.map((unit, index) => (
        <div key={unit} className="flex items-end gap-3 md:gap-4">
          {index > 0 && (
            <span aria-hidden="true" className="pb-1 text-2xl font-bold text-brand">
              :
            </span>
          )}
          <div className="flex flex-col">
            <span className="text-xs font-medium">{t(`flashSale.${unit}`)}</span>
            <span data-unit={unit} className="text-2xl font-bold tabular-nums md:text-3xl">
              {digits(unit)}
            </span>
          </div>
        </div>
      ))}
    </div>
  );
}
