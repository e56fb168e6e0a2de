import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { connectFeatures } from './app/connect-features';
import { reportUncaughtErrors } from './app-status/report-errors';
import i18next from 'i18next';
import { initI18n } from './i18n/i18n';
import { removeOtherVersions } from './storage/local-storage';
import { registerServiceWorker } from './offline/register-service-worker';

// Order matters: stale keys of other versions go before anything reads storage.
removeOtherVersions();
connectFeatures();
reportUncaughtErrors();
registerServiceWorker();
// The notice for a screen that failed to load must not need the network to show its words.
void initI18n().then(() => i18next.loadNamespaces('app-status'));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
