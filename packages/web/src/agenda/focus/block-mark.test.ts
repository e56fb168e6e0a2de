import { afterEach, describe, expect, it } from 'vitest';
import { findBlockCard, markOf } from './block-mark';

/** A container of block cards, each `[id, task, start]`. */
function cards(...marks: [string, string, number][]): HTMLElement {
  const container = document.createElement('div');
  for (const [id, task, start] of marks) {
    const card = document.createElement('button');
    Object.assign(card.dataset, { blockId: id, taskId: task, start: String(start) });
    container.append(card);
  }
  document.body.append(container);
  return container;
}

afterEach(() => document.body.replaceChildren());

describe('findBlockCard', () => {
  it("finds the same block's box nearest the old start (a week draws one per day)", () => {
    const container = cards(['b1', 't1', 100], ['b1', 't1', 200]);
    const found = findBlockCard(container, { id: 'b1', task: 't1', start: 200 });
    expect(found && markOf(found)).toEqual({ id: 'b1', task: 't1', start: 200 });
  });

  it("finds the task's card nearest the old start once the block has a new id", () => {
    const container = cards(['b2', 't1', 500], ['b3', 't1', 150], ['b4', 't2', 100]);
    const found = findBlockCard(container, { id: 'b1', task: 't1', start: 100 });
    expect(found && markOf(found)).toEqual({ id: 'b3', task: 't1', start: 150 });
  });

  it('finds nothing for a block without a task once its id is gone', () => {
    const container = cards(['b2', 't1', 100]);
    expect(findBlockCard(container, { id: 'b1', task: null, start: 100 })).toBeNull();
  });
});
