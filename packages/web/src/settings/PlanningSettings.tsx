import Typography from '@mui/material/Typography';
import { HOUR_MS, MINUTE_MS } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../agenda/model/format';
import { ChoiceSelect, type Choice } from '../components/ChoiceSelect';
import { SettingRow, SettingsSection } from '../components/SettingsSection';
import { languageTag, localeOf } from '../i18n/i18n';
import type { Options } from './options-api';

interface GroupProps {
  options: Options;
  change: (patch: Partial<Options>) => void;
}

/** The values offered for each shape setting, in ms; 0 (no limit) is offered separately. */
export const PLANNING_CHOICES_MS = {
  dailyTaskCap: [2, 3, 4, 5, 6, 7, 8, 10].map((hours) => hours * HOUR_MS),
  taskBuffer: [5, 10, 15, 20, 30].map((minutes) => minutes * MINUTE_MS),
  minBlock: [15, 20, 25, 30, 45, 60].map((minutes) => minutes * MINUTE_MS),
  maxBlock: [30, 45, 60, 90, 120, 180].map((minutes) => minutes * MINUTE_MS),
} as const;

/**
 * The choices of one setting: "no limit", the offered values that `allows` keeps, and the
 * stored value when it is none of them (another client may have set it), in order.
 */
function durationChoices(
  offered: readonly number[],
  storedMs: number,
  noLimit: string,
  tag: string,
  allows: (ms: number) => boolean = () => true,
): Choice<number>[] {
  const values = offered.filter(allows);
  if (storedMs > 0 && !values.includes(storedMs)) values.push(storedMs);
  values.sort((a, b) => a - b);
  return [
    { value: 0, label: noLimit },
    ...values.map((ms) => ({ value: ms, label: formatDuration(ms, tag) })),
  ];
}

/**
 * The four planning rows, each with its hint and choices: the smallest block and the largest
 * each limit the other's choices, and their hints say by how much.
 */
function usePlanningRows(options: Options) {
  const { t, i18n } = useTranslation('settings');
  const tag = languageTag(localeOf(i18n.language));
  const { dailyTaskCap, taskBuffer, minBlock, maxBlock } = options;
  const noLimit = t('planning.noLimit');
  const off = t('planning.off');
  return [
    {
      name: 'dailyTaskCap',
      value: dailyTaskCap,
      hint: t('planning.dailyTaskCapHint'),
      choices: durationChoices(PLANNING_CHOICES_MS.dailyTaskCap, dailyTaskCap, noLimit, tag),
    },
    {
      name: 'taskBuffer',
      value: taskBuffer,
      hint: t('planning.taskBufferHint'),
      choices: durationChoices(PLANNING_CHOICES_MS.taskBuffer, taskBuffer, off, tag),
    },
    {
      name: 'minBlock',
      value: minBlock,
      hint:
        maxBlock > 0
          ? t('planning.minBlockUpTo', { duration: formatDuration(maxBlock, tag) })
          : t('planning.minBlockHint'),
      choices: durationChoices(
        PLANNING_CHOICES_MS.minBlock,
        minBlock,
        off,
        tag,
        (ms) => maxBlock === 0 || ms <= maxBlock,
      ),
    },
    {
      name: 'maxBlock',
      value: maxBlock,
      hint:
        minBlock > 0
          ? t('planning.maxBlockAtLeast', { duration: formatDuration(minBlock, tag) })
          : t('planning.maxBlockHint'),
      choices: durationChoices(
        PLANNING_CHOICES_MS.maxBlock,
        maxBlock,
        noLimit,
        tag,
        (ms) => ms >= minBlock,
      ),
    },
  ] as const;
}

/**
 * How the plan is shaped (docs/settings.md): a cap on planned task time per day, free time
 * between task blocks, the shortest and the longest block. Each is 0 for no limit. The server
 * refuses a longest block shorter than the shortest, so neither menu offers a value that would
 * make it so, and each row says which bound the other setting sets.
 */
export function PlanningSettings({ options, change }: GroupProps) {
  const { t } = useTranslation('settings');
  const rows = usePlanningRows(options);
  return (
    <SettingsSection id="planning" title={t('planning.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 0.5 }}>
        {t('planning.hint')}
      </Typography>
      {rows.map((row) => (
        <SettingRow key={row.name} label={t(`planning.${row.name}`)} hint={row.hint}>
          {(labelId) => (
            <ChoiceSelect
              name={row.name}
              labelId={labelId}
              value={row.value}
              choices={row.choices}
              onChange={(ms) => {
                const patch: Partial<Options> = {};
                patch[row.name] = ms;
                change(patch);
              }}
            />
          )}
        </SettingRow>
      ))}
    </SettingsSection>
  );
}
