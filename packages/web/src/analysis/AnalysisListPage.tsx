/** Being built. */
export default function AnalysisListPage() {
  return null;
}
