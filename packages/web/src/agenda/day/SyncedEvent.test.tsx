import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import editors from '../../i18n/editors/en.json';
import { initTestI18n } from '../../test/render';
import { BlockDragLayer } from '../drag/BlockDragLayer';
import { keepInWindow } from '../drag/use-block-drag';
import { isDraggable } from '../model/block-actions';
import type { AgendaItems } from '../model/agenda-block';
import { buildEnv, buildRecurringEvent, renderAgenda, stubServer } from '../test-support';
import { DraggableBlock } from './DraggableBlock';

const env = buildEnv();
const H = 3_600_000;
// Far ahead of the real clock the layer reads "now" from: the block is in the future.
const NINE = Date.UTC(2036, 2, 11, 8, 0);

/** A one-off event (no series, so a drop of an own event saves at once) from `source`. */
function eventBlock(source: string) {
  return buildRecurringEvent(NINE, H, {
    title: 'Board meeting',
    source,
    recurrenceRule: undefined,
    instanceNumber: 0,
    isVirtual: false,
  });
}

function renderBlock(source: string) {
  const { block, event } = eventBlock(source);
  const items: AgendaItems = {
    blocks: [],
    travelSources: [],
    allDayEvents: [],
    tasks: new Map(),
    events: new Map([[event.id, event]]),
  };
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'editors'))
    i18next.addResourceBundle('en', 'editors', editors);
  const context = { now: NINE - H, isCurrentTask: false, hasCurrent: false };
  return renderAgenda(
    <BlockDragLayer
      env={env}
      items={items}
      placeOf={() => ({ start: NINE + 2 * H, end: NINE + 3 * H })}
      modifiers={[keepInWindow({ isHorizontal: true })]}
    >
      <DraggableBlock
        block={block}
        title={event.title}
        color="#4a55e0"
        isCurrent={false}
        isPast={false}
        env={env}
        now={NINE - H}
        onOpen={() => {}}
        canDrag={isDraggable(block, context)}
        preview={null}
      />
    </BlockDragLayer>,
  );
}

/** A long press past 400 ms, a move, and the drop (the layer's real mouse sensor). */
async function longPressAndDrop(handle: HTMLElement) {
  fireEvent.mouseDown(handle, { button: 0, clientX: 20, clientY: 200 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
  fireEvent.mouseMove(document, { clientX: 20, clientY: 240 });
  fireEvent.mouseMove(document, { clientX: 20, clientY: 260 });
  fireEvent.mouseUp(document, { clientX: 20, clientY: 260 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a synced event in the agenda', () => {
  it('names its source on the card and in its label', () => {
    stubServer({});
    renderBlock('google');
    const card = screen.getByRole('button', {
      name: /^Board meeting, .*\. From Google Calendar$/u,
    });
    expect(card).toHaveTextContent('From Google Calendar');
    expect(card).toHaveAttribute('data-source', 'google');
    expect(screen.getByTestId('synced-mark')).toBeInTheDocument();
  });

  it('names Apple and CalDAV calendars too, and an unknown source as it is', () => {
    stubServer({});
    const { unmount } = renderBlock('apple');
    expect(screen.getByRole('button', { name: /From Apple Calendar$/u })).toBeInTheDocument();
    unmount();
    const second = renderBlock('caldav');
    expect(screen.getByRole('button', { name: /From CalDAV calendar$/u })).toBeInTheDocument();
    second.unmount();
    renderBlock('Outlook');
    expect(screen.getByRole('button', { name: /From Outlook$/u })).toBeInTheDocument();
  });

  it('does not move when dragged: nothing is sent', async () => {
    const server = stubServer({ UpdateEvent: () => ({}) });
    renderBlock('google');
    await longPressAndDrop(screen.getByRole('button', { name: /Board meeting/u }));
    expect(screen.queryByTestId('drag-preview')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('while the user’s own event, dragged the same way, moves (the drag itself works)', async () => {
    const server = stubServer({ UpdateEvent: () => ({}) });
    renderBlock('');
    expect(screen.queryByTestId('synced-mark')).toBeNull();
    await longPressAndDrop(screen.getByRole('button', { name: /Board meeting/u }));
    await waitFor(() => expect(server.calls.map((c) => c.method)).toContain('UpdateEvent'));
  });
});
