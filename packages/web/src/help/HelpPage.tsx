/** Being built. */
export default function HelpPage() {
  return null;
}
