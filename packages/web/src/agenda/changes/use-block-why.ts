import { useTranslation } from 'react-i18next';
import type { Formatting } from '../model/format';
import type { WireTimelineState } from '../types';
import { placementText, placementWhy, type Lookups, type PlacedBlock } from './change-text';

/**
 * What the block menu needs to say why a block sits where it is. The views hand it over and the
 * (lazily loaded) menu works the line out, so the wording's code is not part of the first load.
 */
export interface BlockWhyInput {
  block: PlacedBlock;
  state: WireTimelineState | null | undefined;
  lookups: Lookups;
  f: Formatting;
  now: number;
}

/** The block menu's line saying why a task block sits where it is; null for other blocks. */
export function useBlockWhy(input: BlockWhyInput | null | undefined): string | null {
  const { t } = useTranslation('plan-changes');
  if (!input) return null;
  const { block, state, lookups, f, now } = input;
  const why = placementWhy(block, state?.planChanges, now);
  return why ? placementText(why, lookups, now, f, t) : null;
}
