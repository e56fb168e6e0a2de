import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTutorialStatus } from '@planner/core';
import { ActionDialog } from '../../components/ActionDialog';
import { fire } from '../data/action-errors';
import { closeDialog } from '../dialogs/dialog-store';
import type { AgendaEnv } from '../use-agenda-env';
import { isFinished, resetTutorials, unhideTutorial, type TutorialName } from '../../api/tutorials';

/** The agenda's tutorials (spec 2), in the order they appear to a newcomer. */
export const AGENDA_TIPS = [
  'onboarding',
  'firstTask',
  'autoExtend',
  'focusView',
  'emptyAgenda',
] as const satisfies readonly TutorialName[];

/**
 * The tips and whether each is hidden: one dismissed tip can be shown again on its own
 * (FinishTutorial with status "null"), or all of them at once.
 */
export function TipsDialog({ env }: { env: AgendaEnv }) {
  const { t } = useTranslation('agenda');
  const status = parseTutorialStatus(env.tutorialStatus);
  const [busy, setBusy] = useState<TutorialName | null>(null);
  const showAgain = async (name: TutorialName) => {
    setBusy(name);
    await fire(unhideTutorial(name));
    setBusy(null);
  };
  return (
    <ActionDialog
      open
      title={t('tips.title')}
      confirmLabel={t('tutorials.reset')}
      cancelLabel={t('close')}
      onConfirm={() => fire(resetTutorials())}
      onClose={closeDialog}
      testId="tips-dialog"
    >
      <List disablePadding aria-label={t('tips.title')}>
        {AGENDA_TIPS.map((name) => {
          const isHidden = isFinished(status, name);
          const title = t(`tips.${name}`);
          return (
            <ListItem
              key={name}
              disableGutters
              divider
              secondaryAction={
                isHidden ? (
                  <Button
                    size="small"
                    disabled={busy !== null}
                    aria-label={t('tips.showAgainNamed', { title })}
                    onClick={() => void showAgain(name)}
                  >
                    {t('tips.showAgain')}
                  </Button>
                ) : undefined
              }
              sx={{ pr: isHidden ? 14 : 0 }}
            >
              <ListItemText
                primary={title}
                secondary={t(isHidden ? 'tips.hidden' : 'tips.shown')}
              />
            </ListItem>
          );
        })}
      </List>
    </ActionDialog>
  );
}
