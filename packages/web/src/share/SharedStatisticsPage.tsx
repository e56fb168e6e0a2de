/** Being built. */
export default function SharedStatisticsPage() {
  return null;
}
