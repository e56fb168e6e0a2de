/**
 * The kinds of change a stable re-plan is checked after (docs/design.md, Stable re-plans): one
 * list for the stability property tests, the CLI test and the stability bench.
 */
export const CHANGE_KINDS = [
  'add',
  'addWithDeadline',
  'shorten',
  'lengthen',
  'done',
  'remove',
  'event',
  'time',
] as const;

export type ChangeKind = (typeof CHANGE_KINDS)[number];
