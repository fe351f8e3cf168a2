import { useCallback, useEffect, useState } from 'react';
import { dayStartMs, localDay, nextDay, systemTimeZone, type LocalDay } from '../../shared/domain/time';

/** Checked at least this often, so a clock set by hand or a PC woken from sleep is caught up soon. */
const LONGEST_WAIT_MS = 60 * 60_000;

const todayNow = () => localDay(Date.now(), systemTimeZone());

/**
 * Today on the worker's calendar (this computer's time zone), drawn again when the day changes: a
 * screen left open past midnight shows the new day without being touched. `catchUp` reads the clock
 * now and returns the day (for an action that must not wait for the timer).
 */
export function useToday(): { today: LocalDay; catchUp: () => LocalDay } {
  const [today, setToday] = useState(todayNow);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const plan = () => {
      const tz = systemTimeZone();
      const now = Date.now();
      const day = localDay(now, tz);
      setToday(day);
      // Just after the next day starts (a little late rather than early: a timer may fire early).
      const wait = Math.min(dayStartMs(nextDay(day), tz) - now + 250, LONGEST_WAIT_MS);
      timer = setTimeout(plan, Math.max(wait, 250));
    };
    timer = setTimeout(plan, 0);
    // Timers may stop while the PC sleeps: back at the screen, the day is read at once.
    const wake = () => {
      clearTimeout(timer);
      plan();
    };
    const visible = () => {
      if (document.visibilityState === 'visible') wake();
    };
    window.addEventListener('focus', wake);
    document.addEventListener('visibilitychange', visible);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', wake);
      document.removeEventListener('visibilitychange', visible);
    };
  }, []);
  const catchUp = useCallback(() => {
    const day = todayNow();
    setToday(day);
    return day;
  }, []);
  return { today, catchUp };
}
