import { defaultTaskDeadline, fromWallClock, HOUR_MS, MINUTE_MS } from '@planner/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildTask,
  PREFS,
  renderEditor,
  sentOf,
  serve,
  WORK,
} from '../editors/testing/editor-test-kit';
import { recordClockSample, resetClockOffset } from '../api/server-clock';
import TaskEditorPage from './TaskEditorPage';

vi.mock('../api/client', () => import('../editors/testing/fake-client'));

const ZONE = PREFS.timeZone;
// Sunday 29 March 2026, the day Berlin moves its clocks forward, 18:00 there.
const DEADLINE = fromWallClock({ year: 2026, month: 3, day: 29, hour: 18, minute: 0 }, ZONE);

function taskOf(fields: { timeScheduled?: number; deadline?: number }) {
  return buildTask({ id: 'task-1', title: 'Write the report', category: WORK, ...fields });
}

function renderTask() {
  return renderEditor('/task/:encodedTaskId/:edit?', <TaskEditorPage />, '/task/task-1');
}

async function loaded() {
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await waitFor(() => expect(title).toHaveValue('Write the report'));
}

const timeNeeded = () => screen.getByRole('spinbutton', { name: 'Time needed' });
const unitBox = () => screen.getByRole('combobox', { name: 'Unit' });

async function chooseUnit(user: ReturnType<typeof userEvent.setup>, unit: string) {
  await user.click(unitBox());
  await user.click(await screen.findByRole('option', { name: unit }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

async function save(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Task list page')).toBeInTheDocument();
}

beforeEach(() => {
  // Ten days before the deadline, so the date pickers' range (90 days back) is fixed too.
  vi.useFakeTimers({ now: DEADLINE - 10 * 24 * HOUR_MS, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('time needed', () => {
  it('changing the unit converts the number and keeps the duration', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 2 * HOUR_MS })] }),
    });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    expect(timeNeeded()).toHaveValue('2');
    expect(unitBox()).toHaveTextContent('Hours');

    await chooseUnit(user, 'Minutes');
    expect(timeNeeded()).toHaveValue('120');
    await chooseUnit(user, 'Days');
    expect(timeNeeded()).toHaveValue('0.08');
    await chooseUnit(user, 'Hours');
    expect(timeNeeded()).toHaveValue('2');
    // Nothing but the unit changed: the task is saved unchanged.
    await save(user);
    expect(sentOf(sent, 'PutTask')).toEqual([]);
  });

  it('a number typed before its unit is picked is read in that unit (45, then Minutes)', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [taskOf({ timeScheduled: HOUR_MS })] }),
      PutTask: () => ({ task: taskOf({ timeScheduled: 90 * MINUTE_MS }) }),
    });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    expect(unitBox()).toHaveTextContent('Hours');
    await user.clear(timeNeeded());
    await user.type(timeNeeded(), '45');
    await chooseUnit(user, 'Minutes');
    expect(timeNeeded()).toHaveValue('45');
    // 90 is past the 72 hours the box takes in hours: still 90 minutes once Minutes is picked.
    await user.clear(timeNeeded());
    await user.type(timeNeeded(), '90');
    expect(timeNeeded()).toHaveValue('90');
    await save(user);
    expect(sentOf(sent, 'PutTask')[0]).toMatchObject({ task: { timeScheduled: 90 * MINUTE_MS } });
  });

  it('90 typed in the hours box, then Minutes, is 90 minutes, not 4,320', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [taskOf({ timeScheduled: HOUR_MS })] }),
      PutTask: () => ({ task: taskOf({ timeScheduled: 90 * MINUTE_MS }) }),
    });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    await user.clear(timeNeeded());
    await user.type(timeNeeded(), '90');
    await chooseUnit(user, 'Minutes');
    expect(timeNeeded()).toHaveValue('90');
    expect(unitBox()).toHaveTextContent('Minutes');
    await save(user);
    expect(sentOf(sent, 'PutTask')[0]).toMatchObject({ task: { timeScheduled: 90 * MINUTE_MS } });
  });

  it('90 minutes typed key by key, switched to hours, is 1.5 hours', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 2 * HOUR_MS })] }),
      PutTask: () => ({ task: taskOf({ timeScheduled: 90 * MINUTE_MS }) }),
    });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    await chooseUnit(user, 'Minutes');
    await user.clear(timeNeeded());
    await user.type(timeNeeded(), '90');
    // Still minutes while typing: 90 did not jump to 1.5 hours under the cursor.
    expect(unitBox()).toHaveTextContent('Minutes');
    expect(timeNeeded()).toHaveValue('90');

    await chooseUnit(user, 'Hours');
    expect(timeNeeded()).toHaveValue('1.5');
    await save(user);
    expect(sentOf(sent, 'PutTask')).toHaveLength(1);
    expect(sentOf(sent, 'PutTask')[0]).toMatchObject({
      task: { id: 'task-1', timeScheduled: 90 * MINUTE_MS },
      fields: ['timeScheduled'],
    });
  });

  it('a number past the bounds in the unit picked is clamped to the bound (the spec)', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 2 * HOUR_MS })] }),
      PutTask: () => ({ task: taskOf({ timeScheduled: 72 * HOUR_MS }) }),
    });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    await chooseUnit(user, 'Days');
    await user.clear(timeNeeded());
    await user.type(timeNeeded(), '4');
    await user.tab();
    expect(timeNeeded()).toHaveValue('3');
    expect(timeNeeded()).not.toHaveAccessibleDescription();
    await save(user);
    expect(sentOf(sent, 'PutTask')[0]).toMatchObject({ task: { timeScheduled: 72 * HOUR_MS } });
  });

  it('a duration with seconds in it opens in whole units: 30 minutes, not 30.14', async () => {
    serve({ GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 30 * MINUTE_MS + 8_400 })] }) });
    renderTask();
    await loaded();
    expect(timeNeeded()).toHaveValue('30');
    expect(unitBox()).toHaveTextContent('Minutes');
  });

  it('61 minutes opens as 61 minutes, 105 minutes as 1.75 hours', async () => {
    serve({ GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 61 * MINUTE_MS })] }) });
    const first = renderTask();
    await loaded();
    expect(timeNeeded()).toHaveValue('61');
    expect(unitBox()).toHaveTextContent('Minutes');
    first.unmount();

    serve({ GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 105 * MINUTE_MS })] }) });
    renderTask();
    await loaded();
    expect(timeNeeded()).toHaveValue('1.75');
    expect(unitBox()).toHaveTextContent('Hours');
  });
});

describe('time needed typed as a person writes it', () => {
  const slider = () => screen.getByRole('slider', { name: 'Time needed' });

  async function typedAndSaved(text: string, leave: 'tab' | 'enter') {
    const sent = serve({
      GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 2 * HOUR_MS })] }),
      PutTask: () => ({ task: taskOf({}) }),
    });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    await user.clear(timeNeeded());
    await user.type(timeNeeded(), text);
    if (leave === 'tab') {
      await user.tab();
      await save(user);
    } else {
      await user.keyboard('{Enter}');
      expect(await screen.findByText('Task list page')).toBeInTheDocument();
    }
    return sentOf(sent, 'PutTask');
  }

  it.each([
    ['45m', 45],
    ['1h30m', 90],
    ['1:30', 90],
    ['1.5h', 90],
    ['3', 3 * 60],
  ])('%j typed key by key and left is saved as %i minutes', async (text, minutes) => {
    const sent = await typedAndSaved(text, 'tab');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      task: { timeScheduled: minutes * MINUTE_MS },
    });
  });

  it('Enter reads the text before it saves: 1h 30 then Enter saves 90 minutes', async () => {
    const sent = await typedAndSaved('1h 30', 'enter');
    expect(sent[0]).toMatchObject({
      task: { id: 'task-1', timeScheduled: 90 * MINUTE_MS },
      fields: ['timeScheduled'],
    });
  });

  it('is read when left, not per key: 1 on the way to 1h is never 1 minute', async () => {
    serve({ GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 2 * HOUR_MS })] }) });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    await chooseUnit(user, 'Minutes');
    await user.clear(timeNeeded());
    await user.type(timeNeeded(), '1');
    expect(slider()).toHaveAttribute('aria-valuetext', '2 h');
    await user.type(timeNeeded(), 'h');
    expect(slider()).toHaveAttribute('aria-valuetext', '2 h');
    await user.tab();
    expect(slider()).toHaveAttribute('aria-valuetext', '1 h');
    expect(timeNeeded()).toHaveValue('1');
    expect(unitBox()).toHaveTextContent('Hours');
  });

  it('45m shows as 45 Minutes once left', async () => {
    serve({ GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 2 * HOUR_MS })] }) });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    await user.clear(timeNeeded());
    await user.type(timeNeeded(), '45m');
    await user.tab();
    expect(timeNeeded()).toHaveValue('45');
    expect(unitBox()).toHaveTextContent('Minutes');
  });

  it.each([
    ['0', 'The time needed must be more than 0'],
    ['soon', 'Type a duration such as 1 h 30 min'],
  ])(
    '%j is refused with its reason, and Save then stays and saves nothing',
    async (text, reason) => {
      const sent = serve({ GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 2 * HOUR_MS })] }) });
      const user = userEvent.setup();
      renderTask();
      await loaded();
      await user.clear(timeNeeded());
      await user.type(timeNeeded(), text);
      await user.tab();
      expect(timeNeeded()).toHaveAccessibleDescription(reason);
      expect(timeNeeded()).toHaveValue(text);
      expect(slider()).toHaveAttribute('aria-valuetext', '2 h');
      // Nothing else changed, but the text is not a duration: Save neither saves nor leaves.
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(timeNeeded()).toHaveFocus();
      expect(timeNeeded()).toHaveAccessibleDescription(reason);
      expect(screen.queryByText('Task list page')).toBeNull();
      expect(sentOf(sent, 'PutTask')).toEqual([]);
    },
  );

  it('a new task with 0 typed is not saved with the default hour', async () => {
    const sent = serve({ PutTask: () => ({ task: taskOf({}) }) });
    const user = userEvent.setup();
    renderEditor('/tasks/create', <TaskEditorPage />, '/tasks/create?title=Pack');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Category' })).toHaveTextContent('Work'),
    );
    await user.tripleClick(timeNeeded());
    await user.keyboard('{Backspace}0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(timeNeeded()).toHaveFocus();
    expect(timeNeeded()).toHaveAccessibleDescription('The time needed must be more than 0');
    expect(screen.queryByText('Task list page')).toBeNull();
    expect(sentOf(sent, 'PutTask')).toEqual([]);
  });

  it('Save tapped while still in the box reads the text first (a tap need not leave it)', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 2 * HOUR_MS })] }),
      PutTask: () => ({ task: taskOf({}) }),
    });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    await user.clear(timeNeeded());
    await user.type(timeNeeded(), 'two hours');
    // A tap on a phone's button can leave the focus in the box: no blur reads the text.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(timeNeeded()).toHaveFocus();
    expect(timeNeeded()).toHaveAccessibleDescription('Type a duration such as 1 h 30 min');
    expect(screen.queryByText('Task list page')).toBeNull();
    expect(sentOf(sent, 'PutTask')).toEqual([]);

    await user.clear(timeNeeded());
    await user.type(timeNeeded(), '1h 30');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Task list page')).toBeInTheDocument();
    expect(sentOf(sent, 'PutTask')).toEqual([
      expect.objectContaining({
        task: expect.objectContaining({ id: 'task-1', timeScheduled: 90 * MINUTE_MS }),
        fields: ['timeScheduled'],
      }),
    ]);
  });

  it('Do it now with a refused text does not ask or start: the box shows why', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 2 * HOUR_MS })] }),
      OrganizeTimeblocks: () => ({}),
    });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    await user.clear(timeNeeded());
    await user.type(timeNeeded(), 'two hours');
    await user.click(screen.getByRole('button', { name: 'Do it now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(timeNeeded()).toHaveFocus();
    expect(timeNeeded()).toHaveAccessibleDescription('Type a duration such as 1 h 30 min');
    // Ctrl+Enter in the box asks neither.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentOf(sent, 'OrganizeTimeblocks')).toEqual([]);
    expect(sentOf(sent, 'PutTask')).toEqual([]);
  });

  it('arrow up and down step the number shown by one unit', async () => {
    serve({ GetTasks: () => ({ tasks: [taskOf({ timeScheduled: 2 * HOUR_MS })] }) });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    await user.click(timeNeeded());
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(timeNeeded()).toHaveValue('4');
    expect(timeNeeded()).toHaveAttribute('aria-valuenow', '4');
    expect(slider()).toHaveAttribute('aria-valuetext', '4 h');
  });
});

describe('the deadline typed section by section', () => {
  const deadlineSwitch = () => screen.getByRole('switch', { name: 'Deadline' });
  const dueDate = () => screen.getByRole('group', { name: 'Due date' });
  const year = () => within(dueDate()).getByRole('spinbutton', { name: 'Year' });

  it('a year typed digit by digit keeps the deadline on and saves the whole year', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [taskOf({ deadline: DEADLINE })] }),
      PutTask: () => ({ task: taskOf({ deadline: DEADLINE }) }),
    });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    expect(year()).toHaveTextContent('2026');

    await user.click(year());
    for (const digit of '2027') {
      await user.keyboard(digit);
      expect(deadlineSwitch()).toBeChecked();
      expect(dueDate()).toBeInTheDocument();
    }
    expect(year()).toHaveTextContent('2027');
    await save(user);
    const deadline = fromWallClock({ year: 2027, month: 3, day: 29, hour: 18, minute: 0 }, ZONE);
    expect(sentOf(sent, 'PutTask')).toHaveLength(1);
    expect(sentOf(sent, 'PutTask')[0]).toMatchObject({
      task: { id: 'task-1', deadline },
      fields: ['deadline'],
    });
  });

  it("a deadline switched on is a week from the server's now, not the device's", async () => {
    // The device's clock is 40 days behind the server's (the agenda plans by the server's).
    const serverTime = Date.now() + 40 * 24 * HOUR_MS;
    recordClockSample({ sentAt: Date.now(), receivedAt: Date.now(), serverTime });
    const sent = serve({
      GetTasks: () => ({ tasks: [taskOf({ deadline: -1 })] }),
      PutTask: () => ({ task: taskOf({}) }),
    });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    await user.click(deadlineSwitch());
    await save(user);
    expect(sentOf(sent, 'PutTask')[0]).toMatchObject({
      task: { deadline: defaultTaskDeadline(serverTime, ZONE) },
    });
    resetClockOffset();
  });

  it('a year left half typed goes back to the last valid date, still on', async () => {
    const sent = serve({ GetTasks: () => ({ tasks: [taskOf({ deadline: DEADLINE })] }) });
    const user = userEvent.setup();
    renderTask();
    await loaded();
    await user.click(year());
    await user.keyboard('20');
    expect(deadlineSwitch()).toBeChecked();
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    expect(year()).toHaveTextContent('2026');
    expect(deadlineSwitch()).toBeChecked();
    await save(user);
    expect(sentOf(sent, 'PutTask')).toEqual([]);
  });
});
