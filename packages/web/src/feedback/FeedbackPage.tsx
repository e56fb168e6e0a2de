/** Being built. */
export default function FeedbackPage() {
  return null;
}
