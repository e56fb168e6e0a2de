import {
  amber,
  blue,
  cyan,
  deepOrange,
  deepPurple,
  green,
  indigo,
  lightBlue,
  lightGreen,
  lime,
  orange,
  pink,
  purple,
  red,
  teal,
  yellow,
} from '@mui/material/colors';
import {
  CATEGORY_COLORS,
  DEFAULT_CATEGORY_ICON,
  isCategoryColor,
  isCategoryIcon,
  type CategoryColor,
  type CategoryIcon,
} from '@planner/core';

/** The palette names of the spec as Material colours (name and shade). */
const HEX: Readonly<Record<CategoryColor, string>> = {
  'Red-500': red[500],
  'Pink-500': pink[500],
  'Purple-500': purple[500],
  'DeepPurple-500': deepPurple[500],
  'Indigo-500': indigo[500],
  'Blue-500': blue[500],
  'LightBlue-500': lightBlue[500],
  'Cyan-500': cyan[500],
  'Teal-500': teal[500],
  'Green-500': green[500],
  'LightGreen-500': lightGreen[500],
  'Lime-500': lime[500],
  'Yellow-600': yellow[600],
  'Amber-600': amber[600],
  'Orange-600': orange[600],
  'DeepOrange-500': deepOrange[500],
};

/** Unknown or missing colours read as the first of the palette. */
export function categoryColorHex(color: string | undefined): string {
  return HEX[color && isCategoryColor(color) ? color : CATEGORY_COLORS[0]];
}

/** Unknown or missing icons read as the default (the first). */
export function categoryIconName(icon: string | undefined): CategoryIcon {
  return icon && isCategoryIcon(icon) ? icon : DEFAULT_CATEGORY_ICON;
}
