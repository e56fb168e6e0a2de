/** The account page's card for the e-mail and its verification (being built). */
export function EmailCard() {
  return null;
}
