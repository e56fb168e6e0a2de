import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../components/ActionDialog';
import { closeDialog } from './dialog-store';

export interface AgendaDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Resolves when done; the dialog closes unless it answers false. Errors are handled inside. */
  onConfirm: () => Promise<unknown>;
  isDestructive?: boolean;
  isConfirmDisabled?: boolean;
  extraActions?: ReactNode;
  testId?: string;
}

/** The frame of the agenda's dialogs: the confirm button waits for its request (no double save). */
export function AgendaDialog(props: AgendaDialogProps) {
  const { t } = useTranslation('agenda');
  return <ActionDialog {...props} open cancelLabel={t('cancel')} onClose={closeDialog} />;
}
