/** Being built. */
export default function HelpArticlePage() {
  return null;
}
