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
 * together (a larger root font size would grow the text out of the fixed-height rows). The
 * factor is a CSS variable the theme applies to the app's root and to the contents of what MUI
 * lays over it (app/theme.ts): zooming the whole page put every menu off the screen.
 */
export function applyZoom(level: ZoomLevel = readZoom()): void {
  if (typeof document === 'undefined') return;
  const style = document.documentElement.style;
  if (level === 100) style.removeProperty('--planner-zoom');
  else style.setProperty('--planner-zoom', String(level / 100));
}

export function chooseZoom(level: ZoomLevel): void {
  writeItem(ZOOM_KEY, String(level));
  applyZoom(level);
}
