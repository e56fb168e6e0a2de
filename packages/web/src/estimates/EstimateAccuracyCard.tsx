/** How long done tasks took against their estimates, per category (being built). */
export function EstimateAccuracyCard() {
  return null;
}
