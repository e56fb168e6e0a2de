import { sendInBackground } from './background-call';
import { createErrorReporter } from './error-report';

const report = createErrorReporter((fields) => void sendInBackground('CreateFrontendLog', fields));

/** The route shown (the path only: a query can carry a token, such as a reset link's). */
function currentView(): string {
  const { pathname, hash, protocol } = window.location;
  // Opened from a file, the app routes in the hash.
  return protocol === 'file:' ? (hash.split('?')[0] ?? '') : pathname;
}

/** Reports an error to the server (masked, deduplicated, capped; docs/app-status.md). */
export function reportFrontendError(thrown: unknown, extraStack?: string): void {
  report(thrown, currentView(), extraStack);
}

/** Uncaught errors and unhandled promise rejections of the page go to the server. */
export function reportUncaughtErrors(): () => void {
  const onError = (event: ErrorEvent) => reportFrontendError(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => reportFrontendError(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
