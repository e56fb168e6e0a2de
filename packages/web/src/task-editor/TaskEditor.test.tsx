import { MINUTE_MS } from '@planner/core';
import { ErrorCode, RpcError } from '@planner/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildTask,
  dialogNamed,
  renderEditor,
  sentOf,
  serve,
  WORK,
} from '../editors/testing/editor-test-kit';
import { boxesWiderThanTheirRow, isCutWithEllipsis } from '../editors/testing/row-width';
import TaskEditorPage from './TaskEditorPage';

vi.mock('../api/client', () => import('../editors/testing/fake-client'));

const EXISTING = buildTask({
  id: 'task-1',
  title: 'Write the report',
  category: WORK,
  timeScheduled: 2 * 60 * MINUTE_MS,
  timeFulfilled: 20 * MINUTE_MS,
});

function renderNew(title = 'Call the bank') {
  return renderEditor(
    '/tasks/create',
    <TaskEditorPage />,
    `/tasks/create?title=${encodeURIComponent(title)}`,
  );
}

function renderExisting() {
  return renderEditor('/task/:encodedTaskId/:edit?', <TaskEditorPage />, '/task/task-1');
}

async function titleBox() {
  return screen.findByRole('textbox', { name: 'Title' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the task screen', () => {
  it('a new task starts in the guessed category and saves with it', async () => {
    const home = { ...WORK, id: 'home', title: 'Home' };
    const sent = serve({
      GetCategories: () => ({ categories: [WORK, home] }),
      GuessTaskCategory: () => ({ category: home, suggestions: [home] }),
      PutTask: () => ({ task: buildTask({ id: 'new', title: 'Call the bank', category: home }) }),
    });
    const user = userEvent.setup();
    renderNew();
    expect(await titleBox()).toHaveValue('Call the bank');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Category' })).toHaveTextContent('Home'),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Task list page');
    expect(sentOf(sent, 'PutTask')[0]).toMatchObject({ task: { category: { id: 'home' } } });
    expect(localStorage.getItem('planner:lastCategory')).toBe('home');
  });

  it('without a guess, the category last saved on this device is preselected', async () => {
    const home = { ...WORK, id: 'home', title: 'Home' };
    localStorage.setItem('planner:lastCategory', 'home');
    serve({ GetCategories: () => ({ categories: [WORK, home] }) });
    renderNew();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Category' })).toHaveTextContent('Home'),
    );
  });

  it('a task without a category shows invalid.chooseCategory and sends nothing', async () => {
    // An account without any category: nothing to preselect.
    const sent = serve({ GetCategories: () => ({ categories: [] }) });
    const user = userEvent.setup();
    renderNew();
    expect(await titleBox()).toHaveValue('Call the bank');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a category');
    expect(sentOf(sent, 'PutTask')).toEqual([]);
    expect(screen.queryByText('Task list page')).toBeNull();
  });

  it('Back with changes asks to discard: Keep editing stays, Discard leaves', async () => {
    serve({});
    const user = userEvent.setup();
    renderNew('');
    await user.type(await titleBox(), 'Plan the trip');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = dialogNamed('Discard your changes?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await titleBox()).toHaveValue('Plan the trip');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(
      within(dialogNamed('Discard your changes?')).getByRole('button', { name: 'Discard' }),
    );
    expect(await screen.findByText('Task list page')).toBeInTheDocument();
  });

  it('Back without changes leaves at once', async () => {
    serve({});
    const user = userEvent.setup();
    renderNew('');
    await titleBox();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Task list page')).toBeInTheDocument();
  });

  it('the saving flag: a second Save or Enter while the first is on its way sends nothing', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const sent = serve({
      GetTasks: () => ({ tasks: [EXISTING] }),
      PutTask: () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderExisting();
    const title = await titleBox();
    await waitFor(() => expect(title).toHaveValue('Write the report'));
    await user.clear(title);
    await user.type(title, 'Write the final report');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(title, '{Enter}{Enter}');
    expect(sentOf(sent, 'PutTask')).toHaveLength(1);
    expect(sentOf(sent, 'PutTask')[0]).toMatchObject({
      task: { id: 'task-1', title: 'Write the final report' },
      fields: ['title'],
    });
    answer({ task: { ...EXISTING, title: 'Write the final report' } });
    expect(await screen.findByText('Task list page')).toBeInTheDocument();
    expect(sentOf(sent, 'PutTask')).toHaveLength(1);
  });

  it('a failed save keeps the screen and the typed data, and says why in words', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [EXISTING] }),
      PutTask: () => {
        throw new RpcError(ErrorCode.InvalidInput, 'invalid.titleTooLong', 'PutTask');
      },
    });
    const user = userEvent.setup();
    renderExisting();
    const title = await titleBox();
    await waitFor(() => expect(title).toHaveValue('Write the report'));
    await user.type(title, ' now');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The title is too long')).toBeInTheDocument();
    expect(sentOf(sent, 'PutTask')).toHaveLength(1);
    expect(title).toHaveValue('Write the report now');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByText('Task list page')).toBeNull();
  });

  it('a rejected field check never shows the raw message', async () => {
    serve({
      GetTasks: () => ({ tasks: [EXISTING] }),
      PutTask: () => {
        throw new RpcError(
          ErrorCode.InvalidInput,
          'field "task.note": at most 100000 characters',
          'PutTask',
        );
      },
    });
    const user = userEvent.setup();
    renderExisting();
    const title = await titleBox();
    await waitFor(() => expect(title).toHaveValue('Write the report'));
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Something in the form is not valid/u)).toBeInTheDocument();
    expect(screen.queryByText(/field "task.note"/u)).toBeNull();
  });

  it('a long category name is cut in its field, never widening the form on a phone', async () => {
    const long = { ...WORK, title: 'Quarterly planning '.repeat(5).trim() };
    serve({
      GetCategories: () => ({ categories: [long] }),
      GetTasks: () => ({ tasks: [{ ...EXISTING, category: long }] }),
    });
    renderExisting();
    const name = await screen.findByText(long.title);
    expect(isCutWithEllipsis(name)).toBe(true);
    expect(boxesWiderThanTheirRow(name, screen.getByRole('main'))).toEqual([]);
  });

  it('an existing task saved unchanged sends nothing and leaves', async () => {
    const sent = serve({ GetTasks: () => ({ tasks: [EXISTING] }) });
    const user = userEvent.setup();
    renderExisting();
    await waitFor(async () => expect(await titleBox()).toHaveValue('Write the report'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Task list page')).toBeInTheDocument();
    expect(sentOf(sent, 'PutTask')).toEqual([]);
  });
});

/** The task's session runs now (GetTimelineState's current block). */
const RUNNING = () => ({
  currentBlock: { isRest: false, task: 'task-1', event: '', timeblock: 'b', start: 0, end: 1 },
});

describe('the completed switch', () => {
  it('asks first: mark as done sends isCompleted with a 5-minute rest, Cancel sends nothing', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [EXISTING] }),
      GetTimelineState: RUNNING,
      PutTask: () => ({ task: { ...EXISTING, isCompleted: true, timeScheduled: 0 } }),
    });
    const user = userEvent.setup();
    renderExisting();
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    const completed = await screen.findByRole('switch', { name: 'Completed' });
    await user.click(completed);
    let dialog = dialogNamed('Mark as done?');
    expect(dialog).toHaveTextContent('remaining sessions are cleared');
    expect(within(dialog).getByRole('switch', { name: 'Take a break afterwards' })).toBeChecked();
    expect(dialog).toHaveTextContent('A break of 5 min');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(completed).not.toBeChecked();
    expect(sentOf(sent, 'PutTask')).toEqual([]);

    await user.click(completed);
    dialog = dialogNamed('Mark as done?');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(completed).toBeChecked());
    expect(sentOf(sent, 'PutTask')).toEqual([
      { task: { id: 'task-1', isCompleted: true }, fields: ['isCompleted'], rest: 5 * MINUTE_MS },
    ]);
    // Done: the schedule and Do It Now are gone, and nothing is left unsaved.
    expect(screen.queryByRole('button', { name: 'Do it now' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Task list page')).toBeInTheDocument();
  });

  it('without the rest, mark as done sends rest 0', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [EXISTING] }),
      GetTimelineState: RUNNING,
      PutTask: () => ({ task: { ...EXISTING, isCompleted: true, timeScheduled: 0 } }),
    });
    const user = userEvent.setup();
    renderExisting();
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    await user.click(await screen.findByRole('switch', { name: 'Completed' }));
    const dialog = dialogNamed('Mark as done?');
    await user.click(within(dialog).getByRole('switch', { name: 'Take a break afterwards' }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(sentOf(sent, 'PutTask')).toHaveLength(1));
    expect(sentOf(sent, 'PutTask')[0]).toMatchObject({ rest: 0 });
  });

  it('a task that is not running is marked done without a break on offer', async () => {
    const sent = serve({
      GetTasks: () => ({ tasks: [EXISTING] }),
      GetTimelineState: () => ({}),
      PutTask: () => ({ task: { ...EXISTING, isCompleted: true, timeScheduled: 0 } }),
    });
    const user = userEvent.setup();
    renderExisting();
    await waitFor(() => expect(sentOf(sent, 'GetTimelineState')).toHaveLength(1));
    await user.click(await screen.findByRole('switch', { name: 'Completed' }));
    const dialog = dialogNamed('Mark as done?');
    expect(within(dialog).queryByRole('switch')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(sentOf(sent, 'PutTask')).toHaveLength(1));
    expect(sentOf(sent, 'PutTask')[0]).toMatchObject({ rest: 0 });
  });

  it('reopen asks the time needed (30 minutes) and can do it now', async () => {
    const done = { ...EXISTING, isCompleted: true, timeScheduled: 0 };
    const sent = serve({
      GetTasks: () => ({ tasks: [done] }),
      PutTask: () => ({ task: { ...EXISTING, timeScheduled: 50 * MINUTE_MS } }),
    });
    const user = userEvent.setup();
    renderExisting();
    const completed = await screen.findByRole('switch', { name: 'Completed' });
    await waitFor(() => expect(completed).toBeChecked());
    await user.click(completed);
    const dialog = dialogNamed('Reopen the task?');
    expect(dialog).toHaveTextContent('30 min more');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Do it now' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Agenda page')).toBeInTheDocument();
    // The estimate is the 20 minutes already spent plus the 30 still needed.
    expect(sentOf(sent, 'PutTask')).toEqual([
      {
        task: { id: 'task-1', isCompleted: false, timeScheduled: 50 * MINUTE_MS },
        fields: ['isCompleted', 'timeScheduled'],
        doItNow: true,
      },
    ]);
  });
});

describe('Do it now', () => {
  async function askDoItNow(current: { task?: string; isRest?: boolean } | undefined) {
    const sent = serve({
      GetTasks: () => ({ tasks: [EXISTING] }),
      GetTimelineState: () => ({
        currentBlock: current && {
          isRest: current.isRest ?? false,
          task: current.task ?? '',
          event: '',
          timeblock: 'block-1',
          start: 0,
          end: 1,
        },
      }),
      OrganizeTimeblocks: () => ({}),
      FinishTutorial: () => ({ tutorialStatus: '{"doItNowDialog":""}' }),
    });
    const user = userEvent.setup();
    renderExisting();
    await waitFor(async () => expect(await titleBox()).toHaveValue('Write the report'));
    // The timeline state has come: whether something runs is known.
    await waitFor(() => expect(sentOf(sent, 'GetTimelineState')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Do it now' }));
    return { sent, user, dialog: dialogNamed('Start this task now?') };
  }

  it('with nothing running, says only that the task starts, and starts it', async () => {
    const { sent, user, dialog } = await askDoItNow(undefined);
    expect(dialog).toHaveTextContent('This task starts right away.');
    expect(dialog).not.toHaveTextContent('current session ends');
    await user.click(within(dialog).getByRole('button', { name: 'Do it now' }));
    expect(await screen.findByText('Agenda page')).toBeInTheDocument();
    expect(sentOf(sent, 'OrganizeTimeblocks')).toEqual([
      { nextTask: 'task-1', keepCurrent: false },
    ]);
  });

  it('on a break, does not speak of a session ending', async () => {
    const { dialog } = await askDoItNow({ isRest: true });
    expect(dialog).toHaveTextContent('This task starts right away.');
    expect(dialog).not.toHaveTextContent('current session ends');
  });

  it('while another task runs, says its session ends', async () => {
    const { dialog } = await askDoItNow({ task: 'task-2' });
    expect(dialog).toHaveTextContent('The current session ends and this task starts right away.');
  });

  it("Don't ask again finishes the agenda's doItNowDialog flag and starts the task", async () => {
    const { sent, user, dialog } = await askDoItNow(undefined);
    const dontAsk = within(dialog).getByRole('checkbox', { name: "Don't ask again" });
    expect(dontAsk).not.toBeChecked();
    await user.click(dontAsk);
    await user.click(within(dialog).getByRole('button', { name: 'Do it now' }));
    expect(await screen.findByText('Agenda page')).toBeInTheDocument();
    expect(sentOf(sent, 'FinishTutorial')).toEqual([{ tutorial: 'doItNowDialog', status: '' }]);
    expect(sentOf(sent, 'OrganizeTimeblocks')).toHaveLength(1);
  });

  it('once the person said not to ask (here or on the agenda), starts at once', async () => {
    const sent = serve({
      GetUserProfile: () => ({
        user: {
          options: { timezone: 'Europe/Berlin', tutorialStatus: '{"doItNowDialog":"1"}' },
        },
      }),
      GetTasks: () => ({ tasks: [EXISTING] }),
      OrganizeTimeblocks: () => ({}),
    });
    const user = userEvent.setup();
    renderExisting();
    await waitFor(async () => expect(await titleBox()).toHaveValue('Write the report'));
    await waitFor(() => expect(sentOf(sent, 'GetUserProfile')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Do it now' }));
    expect(await screen.findByText('Agenda page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentOf(sent, 'OrganizeTimeblocks')).toEqual([
      { nextTask: 'task-1', keepCurrent: false },
    ]);
  });
});
