/**
 * The one interface the web app uses to reach the device it runs on. In a browser it is
 * browser-bridge.ts; inside the iOS and Android shells it is capacitor-bridge.ts, which talks to
 * Capacitor's plugins (App, Device, LocalNotifications, Share) and to the shells' own plugin,
 * PlannerNative (its contract is `PlannerNativePlugin` below; docs/native-shells.md).
 */

export type DevicePlatform = 'web' | 'ios' | 'android';

export interface DeviceInfo {
  platform: DevicePlatform;
  osVersion: string;
  model: string;
  /** The shell's own version (native build), empty on the web. */
  nativeVersion: string;
  /** iOS only: the device can read its calendars (EventKit) for the Apple calendar bind. */
  supportsAppleCalendar: boolean;
}

/** A store purchase: the proof the server verifies with UpdateSubscription. */
export interface PurchaseResult {
  /** Android: the Play purchase token. */
  googlePlayPurchaseToken?: string;
  /** iOS: the App Store's signed transaction (JWS), what SetAppStoreReceipt and the server verify. */
  appStoreReceipt?: string;
  /** iOS: the app's bundle id, SetAppStoreReceipt's packageName. */
  packageName?: string;
}

export type SignInProvider = 'google' | 'facebook';

/** A device calendar the person can bind to a category (iOS, EventKit). */
export interface DeviceCalendar {
  title: string;
  color?: string;
}

/** One occurrence read from the device's calendars, as UploadAppleCalendarEvents takes it. */
export interface DeviceCalendarEvent {
  id: string;
  calendarTitle: string;
  title: string;
  start: number;
  end: number;
  allDay: boolean;
  timezone: string;
}

/** The three notification buttons (spec: take a break, start now, more time). */
export type NotificationAction = 'takeBreak' | 'startNow' | 'moreTime';
export const NOTIFICATION_ACTIONS: readonly NotificationAction[] = [
  'takeBreak',
  'startNow',
  'moreTime',
];

/** The four categories of task and timeblock notifications (spec). */
export type NotificationCategory =
  'taskUpNext' | 'taskUpNextAfterTask' | 'longTimeblock' | 'timeblockNearEnd';

export type LocalNotificationKind = 'reminder' | 'task' | 'event';

/** Spec: time, title, content, id built from instance, timestamp and kind, category, colour, icon. */
export interface LocalNotification {
  id: number;
  kind: LocalNotificationKind;
  time: number;
  title: string;
  content: string;
  category?: NotificationCategory;
  color?: string;
  icon?: string;
  /** The route a tap opens. */
  route: string;
}

/** The category buttons, registered with the system once (labels translated). */
export interface NotificationCategorySpec {
  id: NotificationCategory;
  actions: { id: NotificationAction; title: string }[];
}

/** Spec: pickers take selected, minimum and maximum times in seconds and a timezone. */
export interface PickerRequest {
  mode: 'date' | 'time' | 'dateTime';
  selected: number;
  minimum: number;
  maximum: number;
  timezone: string;
}

export interface ShareRequest {
  title?: string;
  text?: string;
  url?: string;
}

/** Calendar sync status in the native shell (spec): status and message. */
export interface CalendarSyncStatus {
  status: 'idle' | 'syncing' | 'synced' | 'failed' | 'denied';
  message: string;
}

/** A route the shell was asked to open (widget, notification tap, app link). */
export type RouteIntentListener = (route: string) => void;
export type NotificationActionListener = (action: NotificationAction, route: string) => void;

export class BridgeError extends Error {
  override name = 'BridgeError';
  constructor(
    /** What was asked, e.g. `purchase`. */
    readonly call: string,
    /** The native side's code (Capacitor's UNIMPLEMENTED, UNAVAILABLE, or the plugin's own). */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Thrown by calls a platform does not offer (a purchase on the web). */
export const UNAVAILABLE = 'UNAVAILABLE';
/** The person closed a native sheet or store dialog. */
export const CANCELLED = 'CANCELLED';

export interface NativeBridge {
  readonly platform: DevicePlatform;
  isNative(): boolean;
  deviceInfo(): Promise<DeviceInfo>;

  /** Buys a store product (Sku.platformProductId) and answers the proof of purchase. */
  purchase(productId: string): Promise<PurchaseResult>;
  /**
   * iOS: restores App Store purchases (AppStore.sync) and answers the latest signed transaction;
   * rejects with 'Failed to retrieve App Store receipt' when there is none.
   */
  restorePurchases(): Promise<PurchaseResult>;
  /**
   * A store transaction that finished outside a purchase sheet (iOS Transaction.updates: a
   * renewal, Ask to Buy approved, a purchase on another device); returns the unsubscribe.
   */
  onPurchaseUpdate(listener: (result: PurchaseResult) => void): () => void;
  /**
   * Registers for native push (FCM on Android, APNs on iOS) and answers the device token for
   * RegisterDevice, or null when the person declined notifications. Null in a browser, which
   * uses Web Push (push/).
   */
  registerPush(): Promise<string | null>;
  /**
   * Signs in with the provider and answers the one-time ticket CreateSession and CreateUser
   * take: the popup on the web, the system browser and an app link in the shells. Rejects with
   * an OAuthError (cancelled, busy, failed, not configured), the same on both.
   */
  signIn(provider: SignInProvider): Promise<string>;
  /**
   * Google Calendar's consent: Google's code and the redirect address it was given for
   * (PrepareGoogleCalendarSync's), the popup on the web, the system browser in the shells.
   * Rejects with an OAuthError like signIn.
   */
  googleCalendarConsent(): Promise<{ code: string; redirectUri: string }>;

  listDeviceCalendars(): Promise<DeviceCalendar[]>;
  /** Reads the device's calendar events of [start, end) from the bound calendars. */
  readCalendarEvents(
    calendarTitles: string[],
    start: number,
    end: number,
  ): Promise<DeviceCalendarEvent[]>;
  /** Asks the shell for its calendar sync status (permission, last run). */
  calendarSyncStatus(): Promise<CalendarSyncStatus>;

  share(request: ShareRequest): Promise<void>;

  registerNotificationCategories(categories: NotificationCategorySpec[]): Promise<void>;
  /** Replaces every scheduled local notification with these. */
  scheduleNotifications(notifications: LocalNotification[]): Promise<void>;
  clearNotifications(): Promise<void>;

  /** The API base and session token, kept natively for widgets and background sync. */
  setApiConfig(baseUrl: string, token: string | null): Promise<void>;

  /** Answers the chosen instant in seconds, or null when the person dismissed the picker. */
  pickDateTime(request: PickerRequest): Promise<number | null>;

  /** Routes from widgets, notification taps and app links; returns the unsubscribe. */
  onRouteIntent(listener: RouteIntentListener): () => void;
  onNotificationAction(listener: NotificationActionListener): () => void;
  /** Android's hardware back button; returns the unsubscribe. */
  onBackButton(listener: () => void): () => void;
  onResume(listener: () => void): () => void;
  /** Routes waiting since the app was launched from a widget, a notification or a link. */
  pendingRouteIntents(): Promise<string[]>;
  exitApp(): Promise<void>;
}

/**
 * The shells' own plugin (registerPlugin('PlannerNative')): what Capacitor's stock plugins do
 * not cover. Every method rejects with a code and message when it fails; `CANCELLED` means the
 * person closed the sheet.
 */
export interface PlannerNativePlugin {
  purchase(options: { productId: string }): Promise<PurchaseResult>;
  restorePurchases(): Promise<PurchaseResult>;
  /** `purchaseUpdated`: iOS Transaction.updates, each verified transaction once finished. */
  addListener(
    eventName: 'purchaseUpdated',
    listener: (result: PurchaseResult) => void,
  ): Promise<{ remove: () => Promise<void> }>;
  listCalendars(): Promise<{ calendars: DeviceCalendar[] }>;
  readCalendarEvents(options: {
    calendarTitles: string[];
    start: number;
    end: number;
  }): Promise<{ events: DeviceCalendarEvent[] }>;
  calendarSyncStatus(): Promise<CalendarSyncStatus>;
  setApiConfig(options: { baseUrl: string; token: string | null }): Promise<void>;
  pickDateTime(options: PickerRequest): Promise<{ selected: number | null }>;
  /** Routes queued by widgets (Android app widgets, iOS WidgetKit links) since the last call. */
  takePendingRoutes(): Promise<{ routes: string[] }>;
  capabilities(): Promise<{ nativeVersion: string; appleCalendar: boolean }>;
}
