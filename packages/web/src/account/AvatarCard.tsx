/** The account page's card for the avatar upload (being built). */
export function AvatarCard() {
  return null;
}
