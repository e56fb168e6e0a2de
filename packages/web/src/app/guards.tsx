import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useSessionToken } from '../api/session';

/** Spec 2: every route but /login needs a session token. */
export function RequireSession() {
  const token = useSessionToken();
  return token ? <Outlet /> : <Navigate to="/login" replace />;
}

/** A signed-in person who opens /login goes to the agenda, except to use a reset link. */
export function GuestOnly() {
  const token = useSessionToken();
  const [searchParams] = useSearchParams();
  return token && !searchParams.has('reset') ? <Navigate to="/agenda" replace /> : <Outlet />;
}
