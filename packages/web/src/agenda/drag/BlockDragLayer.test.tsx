import { useDraggable } from '@dnd-kit/core';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import editors from '../../i18n/editors/en.json';
import { initTestI18n } from '../../test/render';
import type { AgendaItems } from '../model/agenda-block';
import type { DayBlock } from '../model/day-model';
import {
  buildEnv,
  buildRecurringEvent,
  buildTask,
  renderAgenda,
  stubServer,
} from '../test-support';
import type { WireEventInstance } from '../types';
import { BlockDragLayer } from './BlockDragLayer';
import { keepInWindow, type DragData } from './use-block-drag';

const env = buildEnv();
const H = 3_600_000;
// Far ahead of the real clock the layer reads "now" from: every block here is in the future.
const NINE = Date.UTC(2036, 2, 11, 8, 0);

const standUp = () => buildRecurringEvent(NINE, H / 2);

const task = buildTask({ id: 't1', title: 'Write report' });
const taskBlock: DayBlock = {
  id: 'b1',
  task: 't1',
  start: NINE,
  end: NINE + H,
  fixed: false,
  isRest: false,
  kind: 'task',
  locking: '',
  taskData: task,
  mergedIds: ['b1'],
};

function items(event?: WireEventInstance): AgendaItems {
  return {
    blocks: [],
    travelSources: [],
    allDayEvents: [],
    tasks: new Map([['t1', task]]),
    events: new Map(event ? [[event.id, event]] : []),
  };
}

/** Dialogs appear and go at once, as for a person whose system asks for less motion. */
const instantTheme = createTheme(theme, { motion: { reducedMotion: 'always' } });

const onBlockClick = vi.fn();

function Draggable({ block }: { block: DayBlock }) {
  const { setNodeRef, listeners } = useDraggable({
    id: block.id,
    data: { block } satisfies DragData,
  });
  return (
    <button type="button" ref={setNodeRef} {...listeners} onClick={onBlockClick}>
      Drag me
    </button>
  );
}

/** The layer with one block that lands at `target` wherever it is let go. */
function renderLayer(
  block: DayBlock,
  target: { start: number; end: number },
  event?: WireEventInstance,
) {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'editors'))
    i18next.addResourceBundle('en', 'editors', editors);
  return renderAgenda(
    <ThemeProvider theme={instantTheme}>
      <BlockDragLayer
        env={env}
        items={items(event)}
        placeOf={() => target}
        modifiers={[keepInWindow({ isHorizontal: true })]}
      >
        <Draggable block={block} />
      </BlockDragLayer>
    </ThemeProvider>,
  );
}

/**
 * A long press past 400 ms, a move, and the drop (the real mouse sensor of the layer), with the
 * click the browser makes on the release. The next click comes at once: with no transition, the
 * scope dialog is there to be answered as soon as the block is let go.
 */
async function longPressAndDrop() {
  const handle = screen.getByRole('button', { name: 'Drag me' });
  fireEvent.mouseDown(handle, { button: 0, clientX: 20, clientY: 200 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
  fireEvent.mouseMove(document, { clientX: 20, clientY: 240 });
  fireEvent.mouseMove(document, { clientX: 20, clientY: 260 });
  act(() => {
    fireEvent.mouseUp(document, { clientX: 20, clientY: 260 });
    fireEvent.click(handle, { clientX: 20, clientY: 260 });
  });
}

const answers = {
  UpdateEvent: () => ({}),
  LockTimeblock: () => ({}),
};

afterEach(() => {
  vi.unstubAllGlobals();
  onBlockClick.mockClear();
});

describe('dropping a dragged block', () => {
  it('locks a future task block at the landing time', async () => {
    const server = stubServer(answers);
    renderLayer(taskBlock, { start: NINE + 2 * H, end: NINE + 3 * H });
    await longPressAndDrop();
    await waitFor(() => expect(server.calls.map((c) => c.method)).toContain('LockTimeblock'));
    expect(server.calls[0]?.input).toMatchObject({
      timeblock: { id: 'b1', start: NINE + 2 * H, end: NINE + 3 * H },
    });
    // The click the release itself makes reaches nothing.
    expect(onBlockClick).not.toHaveBeenCalled();
  });

  it('lets a block be when the pointer wanders off before the long press is over', async () => {
    const server = stubServer(answers);
    renderLayer(taskBlock, { start: NINE + 2 * H, end: NINE + 3 * H });
    const handle = screen.getByRole('button', { name: 'Drag me' });
    fireEvent.mouseDown(handle, { button: 0, clientX: 20, clientY: 200 });
    fireEvent.mouseMove(document, { clientX: 20, clientY: 212 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    fireEvent.mouseMove(document, { clientX: 20, clientY: 260 });
    fireEvent.mouseUp(document, { clientX: 20, clientY: 260 });
    fireEvent.click(handle);
    expect(onBlockClick).toHaveBeenCalledTimes(1);
    expect(server.calls).toEqual([]);
  });

  it('asks the scope of a recurring occurrence, then moves the chosen occurrences', async () => {
    const server = stubServer(answers);
    const { block, event } = standUp();
    renderLayer(block, { start: NINE + H, end: NINE + 1.5 * H }, event);
    await longPressAndDrop();
    const dialog = await screen.findByRole('dialog', { name: 'Change recurring item' });
    expect(dialog).toHaveTextContent('Stand-up moves to Tuesday, March 11, 10:00 – 10:30.');
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      '0',
      '1',
      '2',
    ]);
    expect(server.calls).toEqual([]);
    await userEvent.click(screen.getByRole('radio', { name: 'This and following' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.map((c) => c.method)).toContain('UpdateEvent'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls[0]?.input).toMatchObject({
      newEvent: { id: 'e1', start: NINE + H, end: NINE + 1.5 * H },
      oldEvent: { id: 'e1', instanceNumber: 2, start: NINE, end: NINE + H / 2 },
      updateType: 1,
      fields: ['start', 'end'],
    });
  });

  it('offers no "this and following" across days, and cancel sends nothing', async () => {
    const server = stubServer(answers);
    const { block, event } = standUp();
    renderLayer(block, { start: NINE + 24 * H, end: NINE + 24.5 * H }, event);
    await longPressAndDrop();
    await screen.findByRole('dialog', { name: 'Change recurring item' });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['0', '2']);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls).toEqual([]);
  });

  it('answers a click on the scope dialog that comes right after the drop', async () => {
    const server = stubServer(answers);
    const { block, event } = standUp();
    renderLayer(block, { start: NINE + H, end: NINE + 1.5 * H }, event);
    await longPressAndDrop();
    // The click is the next thing the page gets, as a test's is. dnd-kit's sensor stopped every
    // click for 50 ms after a drop: the dialog, there at once without its fade, stayed open.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await longPressAndDrop();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(server.calls.map((c) => c.method)).toEqual(['UpdateEvent']));
    expect(server.calls[0]?.input).toMatchObject({ updateType: 0 });
  });
});
