import type { AccountsTables } from '../accounts/tables';
import type { CalDavTables } from '../caldav/tables';
import type { ServerSecretsTables } from '../calendar-sync/tables';
import type { CategoriesTables } from '../categories/tables';
import type { EventsTables } from '../events/tables';
import type { FilesTables } from '../files/tables';
import type { GoogleCalendarTables } from '../google-calendar/tables';
import type { NotificationsTables } from '../notifications/tables';
import type { RealtimeTables } from '../realtime/tables';
import type { RemindersTables } from '../reminders/tables';
import type { IdempotencyTables } from '../rpc/tables';
import type { SocialSignInTables } from '../social-sign-in/tables';
import type { TasksTables } from '../tasks/tables';
import type { TimelineTables } from '../plan-store/tables';

/**
 * The Kysely view of every table. Each domain folder declares its own tables in a `tables.ts`
 * and this interface joins them. Every table's key starts with `user_id` (docs/design.md, Storage).
 * Booleans are stored as integers 0/1 and instants as int8 milliseconds on both databases.
 */
export interface Schema
  extends
    AccountsTables,
    TasksTables,
    TimelineTables,
    EventsTables,
    RemindersTables,
    CategoriesTables,
    SocialSignInTables,
    FilesTables,
    GoogleCalendarTables,
    NotificationsTables,
    CalDavTables,
    IdempotencyTables,
    RealtimeTables,
    ServerSecretsTables {}
