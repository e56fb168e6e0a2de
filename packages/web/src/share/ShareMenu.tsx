/** The analysis detail's share menu (link, Facebook, Twitter) for these periods (being built). */
export function ShareMenu(_props: { points: readonly { start: number; end: number }[] }) {
  return null;
}
