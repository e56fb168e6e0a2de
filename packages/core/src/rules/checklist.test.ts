import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checklistForEditing,
  checklistForSaving,
  editChecklistItem,
  moveChecklistItem,
  toggleChecklistItem,
  type ChecklistItem,
} from './checklist';

function buildItem(id: string, content: string, sort: number, done = false): ChecklistItem {
  return { id, content, done, sort };
}

const saved = [buildItem('b', 'Second', 5), buildItem('a', 'First', 1), buildItem('x', '  ', 2)];

describe('checklist editing', () => {
  it('shows saved items in sort order, blanks dropped, and one empty item to add', () => {
    expect(checklistForEditing(saved, 'new')).toEqual([
      buildItem('a', 'First', 0),
      buildItem('b', 'Second', 1),
      buildItem('new', '', 2),
    ]);
    expect(checklistForEditing([], 'new')).toEqual([buildItem('new', '', 0)]);
  });

  it('adds a fresh empty item once the adding item gets text', () => {
    const editing = checklistForEditing(saved, 'n1');
    const typed = editChecklistItem(editing, 'n1', 'Third', 'n2');
    expect(typed.map((i) => [i.id, i.content])).toEqual([
      ['a', 'First'],
      ['b', 'Second'],
      ['n1', 'Third'],
      ['n2', ''],
    ]);
  });

  it('removes an item whose text is cleared, but keeps the adding item', () => {
    const editing = checklistForEditing(saved, 'n1');
    expect(editChecklistItem(editing, 'a', '', 'n2').map((i) => i.id)).toEqual(['b', 'n1']);
    expect(editChecklistItem(editing, 'n1', '', 'n2').map((i) => i.id)).toEqual(['a', 'b', 'n1']);
  });

  it('saves without blank items, in order', () => {
    const editing = checklistForEditing(saved, 'n1');
    expect(checklistForSaving(editing)).toEqual([
      buildItem('a', 'First', 0),
      buildItem('b', 'Second', 1),
    ]);
  });

  it('toggles done', () => {
    expect(toggleChecklistItem(saved, 'a').find((i) => i.id === 'a')?.done).toBe(true);
  });

  it('reorders by dragging and keeps the adding item last', () => {
    const editing = checklistForEditing([...saved, buildItem('c', 'Third', 9)], 'n1');
    expect(moveChecklistItem(editing, 0, 2).map((i) => i.id)).toEqual(['b', 'c', 'a', 'n1']);
    expect(moveChecklistItem(editing, 2, 0).map((i) => i.id)).toEqual(['c', 'a', 'b', 'n1']);
    expect(moveChecklistItem(editing, 0, 99).map((i) => i.id)).toEqual(['b', 'c', 'a', 'n1']);
    expect(moveChecklistItem(editing, 1, 1).map((i) => i.sort)).toEqual([0, 1, 2, 3]);
  });

  it('keeps exactly one empty item, last, through any edits', () => {
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('edit' as const),
        at: fc.nat(),
        text: fc.constantFrom('', 'x', 'y z'),
      }),
      fc.record({ kind: fc.constant('move' as const), from: fc.nat(), to: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        let next = 0;
        let list = checklistForEditing([], `n${next++}`);
        for (const a of actions) {
          if (a.kind === 'edit') {
            const item = list[a.at % list.length];
            if (item) list = editChecklistItem(list, item.id, a.text, `n${next++}`);
          } else {
            list = moveChecklistItem(list, a.from, a.to);
          }
          const blanks = list.filter((i) => i.content.trim() === '');
          expect(blanks).toHaveLength(1);
          expect(list[list.length - 1]).toBe(blanks[0]);
          expect(list.map((i) => i.sort)).toEqual(list.map((_, i) => i));
        }
      }),
    );
  });
});
