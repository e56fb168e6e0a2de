import type { Migration } from 'kysely';
import * as accounts from './0001_accounts';
import * as tasksTimeline from './0002_tasks_timeline';
import * as calendar from './0003_calendar';
import * as calendarRevision from './0004_calendar_revision';
import * as recurringTasks from './0005_recurring_tasks';
import * as restWindow from './0006_rest_window';
import * as appStatus from './0007_app_status';
import * as feedback from './0008_feedback';
import * as emailPassword from './0009_email_password';
import * as files from './0010_files';
import * as socialSignIn from './0011_social_sign_in';
import * as statisticsShares from './0012_statistics_shares';
import * as referralsRedeem from './0013_referrals_redeem';
import * as subscriptions from './0014_subscriptions';
import * as syncedEvents from './0015_synced_events';
import * as googleCalendar from './0016_google_calendar';
import * as caldav from './0017_caldav';
import * as icsFeedApple from './0018_ics_feed_apple';
import * as devicesNotifications from './0019_devices_notifications';
import * as oauthAppReturn from './0020_oauth_app_return';
import * as idempotentCalls from './0021_idempotent_calls';
import * as appHandoffs from './0022_app_handoffs';
import * as sharedState from './0023_shared_state';
import * as smsCodesPerRequester from './0024_sms_codes_per_requester';
import * as planStability from './0025_plan_stability';
import * as subscriptionsByUser from './0026_subscriptions_by_user';

/**
 * Every migration, in order. Names sort in the order they run; a domain adds its own file
 * (`0002_planning.ts`) and one line here. The same list runs on SQLite and PostgreSQL.
 */
export const migrations: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_tasks_timeline': tasksTimeline,
  '0003_calendar': calendar,
  '0004_calendar_revision': calendarRevision,
  '0005_recurring_tasks': recurringTasks,
  '0006_rest_window': restWindow,
  '0007_app_status': appStatus,
  '0008_feedback': feedback,
  '0009_email_password': emailPassword,
  '0010_files': files,
  '0011_social_sign_in': socialSignIn,
  '0012_statistics_shares': statisticsShares,
  '0013_referrals_redeem': referralsRedeem,
  '0014_subscriptions': subscriptions,
  '0015_synced_events': syncedEvents,
  '0016_google_calendar': googleCalendar,
  '0017_caldav': caldav,
  '0018_ics_feed_apple': icsFeedApple,
  '0019_devices_notifications': devicesNotifications,
  '0020_oauth_app_return': oauthAppReturn,
  '0021_idempotent_calls': idempotentCalls,
  '0022_app_handoffs': appHandoffs,
  '0023_shared_state': sharedState,
  '0024_sms_codes_per_requester': smsCodesPerRequester,
  '0025_plan_stability': planStability,
  '0026_subscriptions_by_user': subscriptionsByUser,
};
