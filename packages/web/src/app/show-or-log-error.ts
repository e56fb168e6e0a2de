import i18next from 'i18next';
import { describeError } from '../api/error-message';
import { isWorthReporting } from '../app-status/error-report';
import { reportFrontendError } from '../app-status/report-errors';
import { showToast } from '../components/toast-store';
import { showLimitFor } from '../limits/limit-store';

/**
 * Spec 8: application errors with a message are shown as a notice (some codes stay silent), and
 * the server's faults and the app's own exceptions also go to the server's log.
 */
export function showOrLogError(error: unknown): void {
  // 4201/4202: the limit dialog instead of a notice (spec 8).
  if (showLimitFor(error)) return;
  const message = describeError(error, (key) => i18next.exists(key));
  if (message) showToast({ ...message, severity: 'error' });
  if (isWorthReporting(error)) reportFrontendError(error);
}
