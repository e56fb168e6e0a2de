/** Being built. */
export default function CustomAnalysisPage() {
  return null;
}
