import { isCategoryColor, type CategoryColor } from '@planner/core';

// The spec's 16 palette names are Material colours (name and shade); these are their values.
// Kept here rather than read from @mui/material/colors, which is too large for the first paint.
const HEX: Readonly<Record<CategoryColor, string>> = {
  'Red-500': '#f44336',
  'Pink-500': '#e91e63',
  'Purple-500': '#9c27b0',
  'DeepPurple-500': '#673ab7',
  'Indigo-500': '#3f51b5',
  'Blue-500': '#2196f3',
  'LightBlue-500': '#03a9f4',
  'Cyan-500': '#00bcd4',
  'Teal-500': '#009688',
  'Green-500': '#4caf50',
  'LightGreen-500': '#8bc34a',
  'Lime-500': '#cddc39',
  'Yellow-600': '#fdd835',
  'Amber-600': '#ffb300',
  'Orange-600': '#fb8c00',
  'DeepOrange-500': '#ff5722',
};

/**
 * Idle blocks are blue-grey (spec 1), dark enough for their words to read at 4.5:1 on the page;
 * rests a calm teal; locked (upgrade) blocks muted brown.
 */
export const IDLE_COLOR = '#5f727b';
export const REST_COLOR = '#26a69a';
export const LOCKED_COLOR = '#8d6e63';

/** A category's palette name as its colour; unknown or missing names read as the first. */
export function paletteHex(name: string | undefined): string {
  return HEX[name && isCategoryColor(name) ? name : 'Red-500'];
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

const INK = '#161a2b';

/**
 * White or the theme's ink, whichever reads better on `hex` (a category colour as a badge's
 * background): several of the 16 Material colours are too light for white words (WCAG 1.4.3).
 */
export function readableOn(hex: string): string {
  const l = luminance(hex);
  const onWhite = 1.05 / (l + 0.05);
  const onInk = (l + 0.05) / (luminance(INK) + 0.05);
  return onWhite >= onInk ? '#ffffff' : INK;
}
