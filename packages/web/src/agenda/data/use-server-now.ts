import { useEffect, useState } from 'react';
import { serverNow, subscribeToClockOffset } from '../../api/server-clock';

/** The server's time, refreshed every `intervalMs` and whenever the clock offset moves. */
export function useServerNow(intervalMs: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => setNow(serverNow());
    const timer = setInterval(tick, intervalMs);
    const unsubscribe = subscribeToClockOffset(tick);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [intervalMs]);
  return now;
}
