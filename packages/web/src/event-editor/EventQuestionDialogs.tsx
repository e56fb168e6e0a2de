import type { RecurrenceScope } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../editors/ConfirmDialog';
import { formatDuration } from '../editors/format';
import { ScopeDialog } from '../editors/ScopeDialog';
import type { EventQuestion } from './use-event-editor';

export interface EventQuestionDialogsProps {
  question: EventQuestion;
  onClose: () => void;
  /** Save again, the long event confirmed. */
  onConfirmLong: () => void;
  onDelete: (scope: RecurrenceScope) => void;
  /** Save the occurrences the scope names. */
  onSend: (scope: RecurrenceScope) => void;
}

/** The questions between Save or Delete and the call: a long event, delete, which occurrences. */
export function EventQuestionDialogs({
  question,
  onClose,
  onConfirmLong,
  onDelete,
  onSend,
}: EventQuestionDialogsProps) {
  const { t } = useTranslation('editors');
  const scopeAction = question.kind === 'scope' ? question.action : 'update';
  return (
    <>
      <ConfirmDialog
        open={question.kind === 'long'}
        title={t('event.longTitle')}
        text={t('event.longText', {
          duration: question.kind === 'long' ? formatDuration(question.durationMs, t) : '',
        })}
        confirmLabel={t('common.save')}
        cancelLabel={t('common.cancel')}
        onCancel={onClose}
        onConfirm={onConfirmLong}
      />
      <ConfirmDialog
        open={question.kind === 'delete'}
        title={t('event.deleteTitle')}
        text={t('common.noUndo')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        isDestructive
        onCancel={onClose}
        onConfirm={() => onDelete(0)}
      />
      <ScopeDialog
        open={question.kind === 'scope'}
        action={scopeAction}
        scopes={question.kind === 'scope' ? question.scopes : []}
        onCancel={onClose}
        onChoose={(scope) => (scopeAction === 'delete' ? onDelete(scope) : onSend(scope))}
      />
    </>
  );
}
