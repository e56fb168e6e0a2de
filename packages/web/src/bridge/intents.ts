/**
 * Routes the shells ask for (widgets, notification taps, app links): only the app's own paths
 * are followed, anything else is dropped. Links arrive as `app.planner://agenda/day/1700000000000`
 * (custom scheme, host is the first path part) or as https links to the app's pages.
 */
const ROUTE_PREFIXES = [
  '/agenda',
  '/tasks',
  '/task/',
  '/event/',
  '/events/create',
  '/reminders/',
  '/settings',
  '/premium',
  '/analysis',
  '/referral',
  '/account',
  '/help',
  '/feedback',
  '/about',
];

const MAX_ROUTE_LENGTH = 512;

/** Whether a path (with its query) is one of the app's routes. */
export function isAppRoute(route: string): boolean {
  if (route.length > MAX_ROUTE_LENGTH || !route.startsWith('/') || route.startsWith('//'))
    return false;
  const path = route.split(/[?#]/u, 1)[0] ?? '';
  return ROUTE_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}

/** The app route a link names, or null when it names none. */
export function routeFromUrl(url: string): string | null {
  if (url.startsWith('/')) return isAppRoute(url) ? url : null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  let route: string;
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
    // A hash-routed link (…/#/agenda) or a path link (…/agenda).
    route = parsed.hash.startsWith('#/') ? parsed.hash.slice(1) : parsed.pathname + parsed.search;
  } else {
    // app.planner://agenda/day/1 parses with host "agenda" and path "/day/1".
    route = `/${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}${parsed.search}`;
  }
  return isAppRoute(route) ? route : null;
}

/** The agenda's day view of an instant (ms), the target of native navigation (spec 2). */
export function agendaDayRoute(timestamp: number): string {
  return `/agenda/day/${Math.max(0, Math.trunc(timestamp))}`;
}

/** Android Back (spec 2): exits on the agenda and login screens, goes back everywhere else. */
export function backAction(pathname: string): 'exit' | 'back' {
  const path = pathname.replace(/\/+$/u, '') || '/';
  if (path === '/login' || path === '/agenda' || path.startsWith('/agenda/')) return 'exit';
  return 'back';
}
