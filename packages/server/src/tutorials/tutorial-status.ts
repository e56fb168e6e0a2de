/**
 * Tutorial status is a JSON object kept as a string (spec 4, Tutorials): tutorial name to its
 * state (true when finished or dismissed, or a step object). Anything that is not a JSON object
 * reads as empty, so a damaged value never blocks the app.
 */
export type TutorialStatus = Record<string, unknown>;

export function parseTutorialStatus(text: string): TutorialStatus {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as TutorialStatus)
      : {};
  } catch {
    return {};
  }
}

/** The status with one tutorial set; `value` undefined removes the entry (un-hides it). */
export function withTutorial(
  status: TutorialStatus,
  tutorial: string,
  value: unknown,
): TutorialStatus {
  const { [tutorial]: _previous, ...rest } = status;
  return value === undefined ? rest : { ...rest, [tutorial]: value };
}
