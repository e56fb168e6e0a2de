import type { TutorialStatus } from '@planner/core';

/** The status with one tutorial set; `value` null removes the entry (un-hides it). */
export function withTutorial(
  status: TutorialStatus,
  tutorial: string,
  value: unknown,
): TutorialStatus {
  const { [tutorial]: _previous, ...rest } = status;
  return value === null ? rest : { ...rest, [tutorial]: value };
}
