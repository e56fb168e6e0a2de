import { REFERRAL_STEPS } from '@planner/core';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import referral from '../i18n/referral/en.json';
import { initTestI18n, renderWithProviders } from '../test/render';
import { REFERRAL_NS } from './referral-text';
import { ReferralStepsTable } from './ReferralStepsTable';

beforeEach(() => {
  initTestI18n();
  i18next.addResourceBundle('en', REFERRAL_NS, referral);
});

const stepOf = (step: number | 'max') => {
  const found = REFERRAL_STEPS.find((candidate) => candidate.step === step);
  if (!found) throw new Error(`no step ${String(step)}`);
  return found;
};

describe('the upgrades table', () => {
  it("names each row by its level: on a phone the name is drawn above the level's numbers", () => {
    renderWithProviders(<ReferralStepsTable count={0} current={stepOf(0)} />);
    const table = screen.getByRole('table', { name: 'Upgrades' });
    const headers = within(table).getAllByRole('rowheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Level 1Editing older time records',
      'Level 2Monthly and yearly analysis',
      'Level 3',
      'Level 4',
      'Level 5Custom analysis',
      'Level 6',
      'Top level',
    ]);
    const levelTwo = headers[1]?.closest('tr');
    if (!levelTwo) throw new Error('no row for level 2');
    expect(
      within(levelTwo)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '2',
      '+2',
      `+${String(stepOf(2).trackedTasks)}`,
      `+${String(stepOf(2).categories)}`,
      'Monthly and yearly analysis',
    ]);
  });

  it('marks the current level', () => {
    renderWithProviders(<ReferralStepsTable count={3} current={stepOf(3)} />);
    const current = screen.getByRole('row', { current: true });
    expect(within(current).getByRole('rowheader')).toHaveTextContent('Level 3');
  });
});
