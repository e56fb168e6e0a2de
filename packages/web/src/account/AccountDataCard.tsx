/** The account page's card for downloading all data and deleting the account (being built). */
export function AccountDataCard() {
  return null;
}
