/** Being built. */
export default function ReferralPage() {
  return null;
}
