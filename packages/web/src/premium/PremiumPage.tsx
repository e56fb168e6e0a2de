/** Being built. */
export default function PremiumPage() {
  return null;
}
