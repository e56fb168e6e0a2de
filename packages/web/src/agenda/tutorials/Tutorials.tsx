import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { newTaskRoute } from '../routes';
import type { WireTimelineState } from '../types';
import { finishTutorial, type TutorialName } from '../../api/tutorials';
import { TutorialCard } from './TutorialCard';
import { CalendarSyncStep } from '../../calendar-sync/CalendarSyncStep';

/** The web syncs calendars (Google, CalDAV), so onboarding has its 5 steps (spec 4). */
export const HAS_CALENDAR_SYNC = true;
const STEPS = [
  'welcome',
  'plan',
  'controls',
  'autoExtend',
  ...(HAS_CALENDAR_SYNC ? ['calendar'] : []),
];

const whiteButton = {
  bgcolor: '#fff',
  color: 'primary.main',
  '&:hover': { bgcolor: 'rgba(255,255,255,0.9)' },
};

function Onboarding({ state }: { state: WireTimelineState | null }) {
  const { t } = useTranslation('agenda');
  const [step, setStep] = useState(0);
  const [autoExtend, setAutoExtend] = useState(state?.autoExtend ?? true);
  const name = STEPS[step] ?? 'welcome';
  const isLast = step === STEPS.length - 1;
  const finish = async () => {
    // Spec 4: the auto-extend choice is saved when onboarding finishes.
    if (state && autoExtend !== state.autoExtend)
      await fire(agendaActions.setAutoExtend(autoExtend));
    await fire(finishTutorial('onboarding'));
  };
  return (
    <TutorialCard
      title={t(`tutorials.onboarding.${name}.title`)}
      onDismiss={() => void fire(finishTutorial('onboarding'))}
      testId="tutorial-onboarding"
      actions={
        <>
          <StepDots step={step} />
          {step > 0 && (
            <Button onClick={() => setStep(step - 1)} sx={{ color: '#fff' }}>
              {t('tutorials.back')}
            </Button>
          )}
          <Button
            variant="contained"
            onClick={() => (isLast ? void finish() : setStep(step + 1))}
            sx={whiteButton}
          >
            {t(isLast ? 'tutorials.finish' : 'tutorials.next')}
          </Button>
        </>
      }
    >
      {t(`tutorials.onboarding.${name}.text`)}
      {name === 'autoExtend' && (
        <AutoExtendSwitch isOn={autoExtend} onToggle={() => setAutoExtend(!autoExtend)} />
      )}
      {name === 'calendar' && <CalendarSyncStep onOpen={() => void finish()} />}
    </TutorialCard>
  );
}

/** Which of the onboarding's steps is shown: a dot per step, the current one filled. */
function StepDots({ step }: { step: number }) {
  return (
    <Box aria-hidden sx={{ display: 'flex', gap: 0.75, flex: 1 }}>
      {STEPS.map((stepName, index) => (
        <Box
          key={stepName}
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: index === step ? '#fff' : 'rgba(255,255,255,0.4)',
          }}
        />
      ))}
    </Box>
  );
}

/** The onboarding's auto-extend choice, saved when the onboarding finishes. */
function AutoExtendSwitch({ isOn, onToggle }: { isOn: boolean; onToggle: () => void }) {
  const { t } = useTranslation('agenda');
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        role="switch"
        aria-checked={isOn}
        onClick={onToggle}
        sx={{ color: '#fff', border: '1px solid rgba(255,255,255,0.6)', px: 1.5 }}
      >
        {t('controls.autoExtend')}: {t(isOn ? 'controls.on' : 'controls.off')}
      </Button>
    </Box>
  );
}

/** The tutorial card the agenda shows now (one at a time, in the spec's priority order). */
export function TutorialSlot({
  name,
  state,
}: {
  name: TutorialName | null;
  state: WireTimelineState | null;
}) {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  if (name === 'onboarding') return <Onboarding state={state} />;
  if (name === 'firstTask') {
    return (
      <TutorialCard
        title={t('tutorials.firstTask.title')}
        onDismiss={() => void fire(finishTutorial('firstTask'))}
        testId="tutorial-firstTask"
        actions={
          <Button variant="contained" sx={whiteButton} onClick={() => navigate(newTaskRoute())}>
            {t('create.task')}
          </Button>
        }
      >
        {t('tutorials.firstTask.text')}
      </TutorialCard>
    );
  }
  if (name === 'autoExtend' || name === 'focusView') {
    return (
      <TutorialCard
        title={t(`tutorials.${name}.title`)}
        onDismiss={() => void fire(finishTutorial(name))}
        testId={`tutorial-${name}`}
        actions={
          <Button
            variant="contained"
            sx={whiteButton}
            onClick={() => void fire(finishTutorial(name))}
          >
            {t('tutorials.gotIt')}
          </Button>
        }
      >
        {t(`tutorials.${name}.text`)}
      </TutorialCard>
    );
  }
  return null;
}
