import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useSessionToken } from '../api/session';
import { useEventStream } from '../agenda/data/live-updates';

/** The server's event stream while signed in, on every screen (docs/web-data.md). */
function LiveUpdates() {
  useEventStream();
  return null;
}

/** Spec 2: every route but /login needs a session token. */
export function RequireSession() {
  const token = useSessionToken();
  return token ? (
    <>
      <LiveUpdates key={token} />
      <Outlet />
    </>
  ) : (
    <Navigate to="/login" replace />
  );
}

/** A signed-in person who opens /login goes to the agenda, except to use a reset link. */
export function GuestOnly() {
  const token = useSessionToken();
  const [searchParams] = useSearchParams();
  return token && !searchParams.has('reset') ? <Navigate to="/agenda" replace /> : <Outlet />;
}
