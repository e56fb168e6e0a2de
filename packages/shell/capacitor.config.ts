import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shells wrap the built web app (packages/web/dist, copied into www/ by
 * scripts/copy-web.mjs). Plugins configured here are the ones the web app's Capacitor bridge
 * uses (packages/web/src/native/capacitor-bridge.ts).
 */
const config: CapacitorConfig = {
  appId: 'app.planner',
  appName: 'Planner',
  webDir: 'www',
  android: {
    // The app's own scheme and host: the web app is served from https://localhost.
    allowMixedContent: false,
  },
  ios: {
    // Capacitor 7 can generate the iOS project with Swift Package Manager instead of CocoaPods.
    scheme: 'Planner',
  },
  plugins: {
    LocalNotifications: {
      iconColor: '#3F51B5',
    },
  },
};

export default config;
