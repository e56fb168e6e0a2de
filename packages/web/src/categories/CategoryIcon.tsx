import Box from '@mui/material/Box';
import type SvgIcon from '@mui/material/SvgIcon';
import type { CategoryIcon as CategoryIconName } from '@planner/core';
import { useEffect, useState } from 'react';
import { categoryColorHex, categoryIconName } from './category-style';

type IconSet = Readonly<Record<CategoryIconName, typeof SvgIcon>>;

// The ~170 icons are one chunk, fetched the first time a category is drawn; until it arrives a
// coloured dot stands in, the same size, so nothing jumps.
let iconSet: IconSet | null = null;
let loading: Promise<IconSet> | null = null;

export function loadCategoryIcons(): Promise<IconSet> {
  loading ??= import('./category-icon-set').then((module) => {
    iconSet = module.CATEGORY_ICON_SET;
    return iconSet;
  });
  return loading;
}

function useIconSet(): IconSet | null {
  const [set, setSet] = useState(iconSet);
  useEffect(() => {
    if (set) return undefined;
    let isCurrent = true;
    void loadCategoryIcons().then((loaded) => {
      if (isCurrent) setSet(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [set]);
  return set;
}

export interface CategoryIconProps {
  icon: string | undefined;
  color?: string | undefined;
  /** Pixel size of the icon. */
  size?: number;
  /** Draw the icon white on a round badge of the category colour. */
  badge?: boolean;
}

/** A category's icon in its colour. */
export function CategoryIcon({ icon, color, size = 20, badge = false }: CategoryIconProps) {
  const set = useIconSet();
  const hex = categoryColorHex(color);
  const Icon = set?.[categoryIconName(icon)];
  const glyph = Icon ? (
    <Icon sx={{ fontSize: size, color: badge ? '#fff' : hex, display: 'block' }} />
  ) : (
    <Box
      sx={{
        width: size * 0.6,
        height: size * 0.6,
        m: `${size * 0.2}px`,
        borderRadius: '50%',
        bgcolor: badge ? '#fff' : hex,
      }}
    />
  );
  if (!badge)
    return (
      <Box sx={{ display: 'inline-flex', flexShrink: 0 }} aria-hidden>
        {glyph}
      </Box>
    );
  return (
    <Box
      aria-hidden
      sx={{
        width: size * 1.8,
        height: size * 1.8,
        borderRadius: '50%',
        bgcolor: hex,
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
      }}
    >
      {glyph}
    </Box>
  );
}
