/**
 * The plugins a shell declares to its WebView (what Capacitor's Android runtime injects as
 * `Capacitor.PluginHeaders`), shared by the unit tests' fake native layer and the browser tests'
 * (e2e/shell-browser-flows.e2e.ts). Plain data, so both Vite and Node load it.
 */

/** The methods each plugin declares natively (what Capacitor's Android runtime injects). */
const PLUGINS: Record<string, string[]> = {
  App: ['exitApp', 'getInfo', 'getLaunchUrl', 'getState', 'minimizeApp'],
  Device: ['getId', 'getInfo', 'getBatteryInfo', 'getLanguageCode', 'getLanguageTag'],
  LocalNotifications: [
    'schedule',
    'getPending',
    'registerActionTypes',
    'cancel',
    'areEnabled',
    'getDeliveredNotifications',
    'removeDeliveredNotifications',
    'removeAllDeliveredNotifications',
    'createChannel',
    'deleteChannel',
    'listChannels',
    'checkPermissions',
    'requestPermissions',
    'checkExactNotificationSetting',
    'changeExactNotificationSetting',
  ],
  Share: ['canShare', 'share'],
  PushNotifications: [
    'register',
    'unregister',
    'getDeliveredNotifications',
    'removeDeliveredNotifications',
    'removeAllDeliveredNotifications',
    'createChannel',
    'deleteChannel',
    'listChannels',
    'checkPermissions',
    'requestPermissions',
  ],
  Browser: ['open', 'close'],
  PlannerNative: [
    'purchase',
    'restorePurchases',
    'listCalendars',
    'readCalendarEvents',
    'calendarSyncStatus',
    'setApiConfig',
    'pickDateTime',
    'takePendingRoutes',
    'capabilities',
  ],
};

export interface PluginHeader {
  name: string;
  methods: { name: string; rtype: 'promise' | 'callback' }[];
}

/** Each plugin with its methods and Capacitor's listener methods. */
export function pluginHeaders(): PluginHeader[] {
  return Object.entries(PLUGINS).map(([name, methods]) => ({
    name,
    methods: [
      ...methods.map((method) => ({ name: method, rtype: 'promise' as const })),
      { name: 'addListener', rtype: 'callback' },
      { name: 'removeListener', rtype: 'promise' },
      { name: 'removeAllListeners', rtype: 'promise' },
    ],
  }));
}
