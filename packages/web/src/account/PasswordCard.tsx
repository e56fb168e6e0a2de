/** The account page's card for setting or changing the password (being built). */
export function PasswordCard() {
  return null;
}
