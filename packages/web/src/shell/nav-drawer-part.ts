import { preloadable } from '../components/preloadable';
import { isDesktopLayout } from './desktop-layout';
import type { NavDrawerContentProps } from './NavDrawerContent';

/**
 * The navigation's body (logo, account header, entries and their icons): a chunk of its own, off
 * the phone's first paint, where it shows only once the drawer opens. The phone's drawer loads
 * it beside its own code; the desktop docks it, so the router loads it beside the shell's.
 */
export const NavDrawer = preloadable<NavDrawerContentProps>(() =>
  import('./NavDrawerContent').then((module) => module.NavDrawerContent),
);

/** The navigation's body, if the layout the app opens in shows it at once. */
export async function preloadNavForLayout(): Promise<void> {
  if (isDesktopLayout()) await NavDrawer.preload();
}
