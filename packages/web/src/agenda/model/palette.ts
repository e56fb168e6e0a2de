import { categoryColorHex } from '../../categories/category-style';

/** Idle blocks are blue-grey (spec 1); rests a calm teal; locked (upgrade) blocks muted brown. */
export const IDLE_COLOR = '#78909c';
export const REST_COLOR = '#26a69a';
export const LOCKED_COLOR = '#8d6e63';

/** A category's palette name as its colour (the shared category style decides the values). */
export function paletteHex(name: string | undefined): string {
  return categoryColorHex(name);
}
