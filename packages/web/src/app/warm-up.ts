import { loadWireSchema } from '@planner/protocol/client';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { categoriesQueryOptions } from '../categories/categories-api';
import { loadPickersLocale } from '../editors/PickersProvider';
import { localeOf } from '../i18n/i18n';
import { doneTasksQueryOptions, todoTasksQueryOptions } from '../tasks/tasks-api';

/** The strings an offline edit shows: the editors, their dialogs, limits, the offline notices. */
const OFFLINE_NAMESPACES = [
  'editors',
  'task-dialogs',
  'estimates',
  'limits',
  'offline',
  'app-status',
] as const;

/**
 * The code an offline session opens: the editors, and the notices that appear when the network
 * goes (each its own chunk). Imported once online, they stay in the page's module map, so they
 * are there even when the connection goes before the service worker controls the page.
 */
const OFFLINE_CHUNKS = [
  () => import('../offline/OfflinePanel'),
  () => import('../task-editor/TaskEditorPage'),
  () => import('../tasks/tasks-offline'),
  () => import('../event-editor/EventEditorPage'),
  () => import('../reminder-editor/ReminderEditorPage'),
  () => import('../components/ToastViewport'),
  () => import('../components/DisconnectedNotice'),
  () => import('../limits/LimitDialog'),
  // The agenda's menus and dialogs (agenda/lazy-parts.tsx): Create and a block's menu.
  () => import('../agenda/controls/SpeedDialMenu'),
  () => import('../agenda/day/QuickAddMenu'),
  () => import('../agenda/day/BlockMenu'),
  () => import('../agenda/day/ReminderMenu'),
  () => import('../agenda/header/HeaderMenus'),
  () => import('../agenda/dialogs/DialogHost'),
  () => import('../tasks/TasksPage'),
  // The wire schema of the methods not called before the agenda paints (the edits' among them):
  // a change queued offline is sent with it once the connection is back.
  loadWireSchema,
] as const;

/**
 * Loads, while online and signed in, what an edit needs once the connection is gone (issue 28):
 * the categories a new task is saved with and the task lists the Tasks screen opens with (both
 * persisted with the query cache), the editors' code and strings, and the date pickers' words.
 * Failures are left to the screens that need them.
 */
export async function warmUpForOffline(client: QueryClient): Promise<void> {
  await Promise.allSettled([
    client.prefetchQuery(categoriesQueryOptions()),
    client.prefetchQuery(todoTasksQueryOptions()),
    client.prefetchInfiniteQuery(doneTasksQueryOptions()),
    i18next.loadNamespaces([...OFFLINE_NAMESPACES]),
    loadPickersLocale(localeOf(i18next.language)),
    ...OFFLINE_CHUNKS.map((load) => load()),
  ]);
}
