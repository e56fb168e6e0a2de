import { PlanRequestError, parsePlanRequest, planTimeline } from '../scheduler/index';

/** The CLI's answer to one input line: a PlanResult or an error object, as one JSON line. */
export function answerPlanLine(line: string): string {
  const text = line.trim();
  if (text === '') return errorLine('empty line: expected one PlanRequest JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return errorLine(`invalid JSON: ${messageOf(error)}`);
  }
  try {
    return JSON.stringify(planTimeline(parsePlanRequest(value)));
  } catch (error) {
    if (error instanceof PlanRequestError) return errorLine(error.message);
    // A request the engine cannot handle must not take the other lines down with it.
    return errorLine(`planning failed: ${messageOf(error)}`);
  }
}

export function errorLine(message: string): string {
  return JSON.stringify({ error: message });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
