import { HOUR_MS, MINUTE_MS } from '@planner/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import editors from '../i18n/editors/en.json';
import estimates from '../i18n/estimates/en.json';
import { initTestI18n, renderWithProviders } from '../test/render';
import { EstimateAccuracyCard } from './EstimateAccuracyCard';
import { EstimateSuggestion } from './EstimateSuggestion';
import { learnedEstimate } from './learned-estimate';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));
const callMock = vi.mocked(call);

const ACCURACY = [
  { categoryId: 'study', doneTasks: 2, estimated: 4 * HOUR_MS, tracked: 4 * HOUR_MS, ratio: 0 },
  { categoryId: 'work', doneTasks: 4, estimated: 4 * HOUR_MS, tracked: 5 * HOUR_MS, ratio: 1.33 },
];

function serve(accuracy = ACCURACY) {
  callMock.mockImplementation(async (method) => {
    if (method === 'GetEstimateAccuracy') return { categories: accuracy } as never;
    if (method === 'GetCategories')
      return {
        categories: [{ id: 'work', title: 'Work', color: 'Blue-500', icon: 'work' }],
      } as never;
    return {} as never;
  });
}

function render(ui: React.ReactElement) {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'estimates'))
    i18next.addResourceBundle('en', 'estimates', estimates);
  if (!i18next.hasResourceBundle('en', 'editors'))
    i18next.addResourceBundle('en', 'editors', editors);
  return renderWithProviders(ui);
}

beforeEach(() => callMock.mockReset());

describe('learnedEstimate', () => {
  it('scales the typed estimate by the ratio, to 5 minutes, within bounds', () => {
    expect(learnedEstimate(HOUR_MS, 1.33, false)).toBe(80 * MINUTE_MS);
    expect(learnedEstimate(30 * MINUTE_MS, 0.5, false)).toBe(15 * MINUTE_MS);
    expect(learnedEstimate(5 * MINUTE_MS, 0.1, false)).toBeUndefined();
    expect(learnedEstimate(60 * HOUR_MS, 2, false)).toBe(72 * HOUR_MS);
  });

  it('suggests nothing without a learned ratio or when it changes nothing', () => {
    expect(learnedEstimate(HOUR_MS, 0, false)).toBeUndefined();
    expect(learnedEstimate(HOUR_MS, undefined, false)).toBeUndefined();
    expect(learnedEstimate(HOUR_MS, 1.02, false)).toBeUndefined();
  });
});

describe('EstimateAccuracyCard', () => {
  it('says per learned category how long its tasks take against the estimate', async () => {
    serve();
    render(<EstimateAccuracyCard />);
    const row = await screen.findByTestId('estimate-accuracy-row');
    expect(row).toHaveTextContent('Your Work tasks take 1.3× their estimate');
    expect(row).toHaveTextContent('From 4 done tasks in the last 90 days');
    expect(screen.getAllByTestId('estimate-accuracy-row')).toHaveLength(1);
  });

  it('explains what it waits for before anything is learned, and is absent with no data', async () => {
    serve([ACCURACY[0] as (typeof ACCURACY)[number]]);
    const { unmount } = render(<EstimateAccuracyCard />);
    expect(await screen.findByTestId('estimate-accuracy')).toHaveTextContent('three tasks');
    unmount();
    serve([]);
    render(<EstimateAccuracyCard />);
    await vi.waitFor(() => expect(callMock).toHaveBeenCalledWith('GetEstimateAccuracy'));
    expect(screen.queryByTestId('estimate-accuracy')).toBeNull();
  });
});

function Field({ categoryId }: { categoryId: string | undefined }) {
  const [value, setValue] = useState(HOUR_MS);
  return (
    <>
      <output data-testid="value">{value / MINUTE_MS}</output>
      <button onClick={() => setValue(2 * HOUR_MS)}>type 2 h</button>
      <EstimateSuggestion
        categoryId={categoryId}
        valueMs={value}
        isDev={false}
        onApply={setValue}
      />
    </>
  );
}

describe('EstimateSuggestion', () => {
  it('offers the learned estimate, applies it only on click, then steps aside', async () => {
    serve();
    render(<Field categoryId="work" />);
    const offer = await screen.findByTestId('estimate-suggestion');
    expect(offer).toHaveTextContent('Tasks like this usually take 1 h 20 min');
    expect(screen.getByTestId('value')).toHaveTextContent('60');
    await userEvent.click(screen.getByRole('button', { name: 'Use it' }));
    expect(screen.getByTestId('value')).toHaveTextContent('80');
    expect(screen.queryByTestId('estimate-suggestion')).toBeNull();
    // A new typed estimate gets its own suggestion.
    await userEvent.click(screen.getByRole('button', { name: 'type 2 h' }));
    expect(await screen.findByTestId('estimate-suggestion')).toHaveTextContent('2 h 40 min');
  });

  it('offers nothing for a category with nothing learned', async () => {
    serve();
    render(<Field categoryId="study" />);
    await vi.waitFor(() => expect(callMock).toHaveBeenCalledWith('GetEstimateAccuracy'));
    expect(screen.queryByTestId('estimate-suggestion')).toBeNull();
  });
});
