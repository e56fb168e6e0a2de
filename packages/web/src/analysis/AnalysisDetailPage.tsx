/** Being built. */
export default function AnalysisDetailPage() {
  return null;
}
