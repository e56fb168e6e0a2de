/** Away longer than this, the timeline is loaded again on return (spec 4 and 9). */
export const AWAY_RELOAD_MS = 10 * 60_000;
/** While shown, the app says so this often (the server counts 5 silent minutes as gone). */
export const SHOWN_HEARTBEAT_MS = 2 * 60_000;

export interface VisibilityHandlers {
  /** The page was hidden (another tab, minimised, locked, closing). */
  onHidden(): void;
  /** The page is shown again after `awayMs` hidden. */
  onShown(awayMs: number): void;
  /** The page is shown: at the start, and every SHOWN_HEARTBEAT_MS while it stays shown. */
  onStillShown(): void;
}

/** What a return after `awayMs` calls for: the whole timeline, or only its state. */
export function refreshOnReturn(awayMs: number): 'reloadTimeline' | 'refreshState' {
  return awayMs > AWAY_RELOAD_MS ? 'reloadTimeline' : 'refreshState';
}

/**
 * Follows the page's visibility. `pagehide` counts as hidden too (some browsers close a tab
 * without a visibilitychange); a second hidden signal before the page shows again is ignored.
 * `now` is the device clock. Answers the function that stops watching.
 */
export function watchVisibility(
  doc: Document,
  win: Window,
  now: () => number,
  handlers: VisibilityHandlers,
): () => void {
  let hiddenAt: number | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  const startHeartbeat = () => {
    clearInterval(heartbeat);
    handlers.onStillShown();
    heartbeat = setInterval(() => handlers.onStillShown(), SHOWN_HEARTBEAT_MS);
  };
  const hide = () => {
    if (hiddenAt !== undefined) return;
    hiddenAt = now();
    clearInterval(heartbeat);
    heartbeat = undefined;
    handlers.onHidden();
  };
  const onChange = () => {
    if (doc.visibilityState === 'hidden') {
      hide();
      return;
    }
    if (hiddenAt === undefined) return;
    const awayMs = Math.max(0, now() - hiddenAt);
    hiddenAt = undefined;
    handlers.onShown(awayMs);
    startHeartbeat();
  };

  doc.addEventListener('visibilitychange', onChange);
  win.addEventListener('pagehide', hide);
  if (doc.visibilityState === 'hidden') hiddenAt = now();
  else startHeartbeat();
  return () => {
    clearInterval(heartbeat);
    doc.removeEventListener('visibilitychange', onChange);
    win.removeEventListener('pagehide', hide);
  };
}
