/** Being built. */
export default function VerifyEmailPage() {
  return null;
}
