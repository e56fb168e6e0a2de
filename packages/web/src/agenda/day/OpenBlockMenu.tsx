import { useTranslation } from 'react-i18next';
import type { BlockWhyInput } from '../changes/use-block-why';
import { BlockMenu } from '../lazy-parts';
import type { AgendaItems } from '../model/agenda-block';
import { blockActions, type BlockAction, type BlockContext } from '../model/block-actions';
import type { DayBlock } from '../model/day-model';
import type { WireTimelineState } from '../types';
import { useBlockActions } from '../use-block-actions';
import type { AgendaEnv } from '../use-agenda-env';
import type { MenuAnchor } from './menu-anchor';

export interface OpenBlockMenuProps {
  env: AgendaEnv;
  items: AgendaItems;
  state: WireTimelineState | null;
  now: number;
  anchor: MenuAnchor;
  block: DayBlock;
  context: BlockContext;
  onClose: () => void;
}

/**
 * The menu of the block a person opened (day or week view): the block's title, what can be done
 * with it, and why it sits where it does.
 */
export function OpenBlockMenu({
  env,
  items,
  state,
  now,
  anchor,
  block,
  context,
  onClose,
}: OpenBlockMenuProps) {
  const { t } = useTranslation('agenda');
  const runAction = useBlockActions(env);
  const title = block.task
    ? items.tasks.get(block.task)?.title
    : items.events.get(block.event ?? '')?.title;
  const why: BlockWhyInput = { block, state, lookups: items, f: env, now };
  return (
    <BlockMenu
      anchor={anchor}
      title={title || t('untitled')}
      actions={blockActions(block, context)}
      why={why}
      onChoose={(action: BlockAction) => runAction(action, block)}
      onClose={onClose}
    />
  );
}
