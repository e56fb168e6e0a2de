import { readItem, writeItem } from '../storage/local-storage';

/** The interface zoom steps in percent (spec 3: uiZoom, kept on this device). */
export const ZOOM_LEVELS = [100, 112.5, 125, 150] as const;
export type ZoomLevel = (typeof ZOOM_LEVELS)[number];

const ZOOM_KEY = 'uiZoom';

function isZoomLevel(value: number): value is ZoomLevel {
  return (ZOOM_LEVELS as readonly number[]).includes(value);
}

export function readZoom(): ZoomLevel {
  const stored = Number(readItem(ZOOM_KEY));
  return isZoomLevel(stored) ? stored : 100;
}

/**
 * Scales the whole interface with CSS zoom, so text, spacing and the agenda's hour rows grow
 * together (a larger root font size would grow the text out of the fixed-height rows).
 */
export function applyZoom(level: ZoomLevel = readZoom()): void {
  if (typeof document === 'undefined') return;
  document.documentElement.style.zoom = level === 100 ? '' : String(level / 100);
}

export function chooseZoom(level: ZoomLevel): void {
  writeItem(ZOOM_KEY, String(level));
  applyZoom(level);
}
