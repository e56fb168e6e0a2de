/** The account page's card for connecting Google and Facebook (being built). */
export function ConnectedAccountsCard() {
  return null;
}
