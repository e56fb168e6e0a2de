import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` while `live` (a countdown's tick). */
export function useNow(intervalMs: number, live = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, live]);
  return now;
}
