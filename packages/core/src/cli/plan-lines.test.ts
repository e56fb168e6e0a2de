import { describe, expect, it } from 'vitest';
import { buildRequest, buildTask } from '../scheduler/test-support';
import { planTimeline } from '../scheduler/index';
import { answerPlanLine } from './plan-lines';

const request = buildRequest({ tasks: [buildTask({ id: 'a' })] });

describe('answerPlanLine', () => {
  it('answers a request with its plan on one line', () => {
    const answer = answerPlanLine(JSON.stringify(request));
    expect(answer).not.toContain('\n');
    expect(JSON.parse(answer)).toEqual(planTimeline(request));
  });

  it('tolerates surrounding whitespace', () => {
    expect(answerPlanLine(`  ${JSON.stringify(request)}\t`)).toBe(
      answerPlanLine(JSON.stringify(request)),
    );
  });

  it('answers an empty line with an error, keeping one answer per line', () => {
    expect(JSON.parse(answerPlanLine('   '))).toEqual({
      error: 'empty line: expected one PlanRequest JSON object',
    });
  });

  it('answers invalid JSON with an error', () => {
    expect(JSON.parse(answerPlanLine('{"now": ')).error).toMatch(/^invalid JSON: /);
  });

  it('answers a contract violation with the field at fault', () => {
    const { now: _now, ...withoutNow } = request;
    expect(JSON.parse(answerPlanLine(JSON.stringify(withoutNow)))).toEqual({
      error: 'now: missing',
    });
  });
});
