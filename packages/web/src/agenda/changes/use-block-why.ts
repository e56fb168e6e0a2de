import { useTranslation } from 'react-i18next';
import type { Formatting } from '../model/format';
import type { WireTimelineState } from '../types';
import { placementText, placementWhy, type Lookups, type PlacedBlock } from './change-text';

/** The block menu's line saying why a task block sits where it is; null for other blocks. */
export function useBlockWhy(
  block: PlacedBlock | null | undefined,
  state: WireTimelineState | null | undefined,
  lookups: Lookups,
  f: Formatting,
  now: number,
): string | null {
  const { t } = useTranslation('agenda');
  const why = block ? placementWhy(block, state?.planChanges, now) : null;
  return why ? placementText(why, lookups, now, f, t) : null;
}
