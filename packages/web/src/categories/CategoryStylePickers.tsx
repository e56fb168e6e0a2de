import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import {
  CATEGORY_COLORS,
  CATEGORY_ICONS,
  type CategoryColor,
  type CategoryIcon as CategoryIconName,
} from '@planner/core';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from './CategoryIcon';
import { categoryColorHex } from './category-style';

/** The 16 palette colours as a radio group of round swatches. */
export function ColorSwatches({
  value,
  onChange,
}: {
  value: CategoryColor;
  onChange: (c: CategoryColor) => void;
}) {
  const { t } = useTranslation('editors');
  return (
    <Box
      role="radiogroup"
      aria-label={t('category.color')}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 1 }}
    >
      {CATEGORY_COLORS.map((color) => (
        <ButtonBase
          key={color}
          role="radio"
          aria-checked={color === value}
          aria-label={color}
          data-color={color}
          onClick={() => onChange(color)}
          sx={{
            aspectRatio: '1',
            borderRadius: '50%',
            bgcolor: categoryColorHex(color),
            color: '#fff',
            outline: color === value ? '3px solid' : 'none',
            outlineColor: 'text.primary',
            outlineOffset: 2,
          }}
        >
          {color === value && <CheckIcon fontSize="small" />}
        </ButtonBase>
      ))}
    </Box>
  );
}

const iconGridSx = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(40px, 1fr))',
  gap: 0.5,
  maxHeight: 208,
  overflowY: 'auto',
  p: 0.5,
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
} as const;

/** The category icons as a scrolling radio group, drawn in the chosen colour. */
export function IconGrid({
  value,
  color,
  onChange,
}: {
  value: CategoryIconName;
  color: CategoryColor;
  onChange: (i: CategoryIconName) => void;
}) {
  const { t } = useTranslation('editors');
  return (
    <Box role="radiogroup" aria-label={t('category.icon')} sx={iconGridSx}>
      {CATEGORY_ICONS.map((icon) => (
        <ButtonBase
          key={icon}
          role="radio"
          aria-checked={icon === value}
          aria-label={icon.replaceAll('_', ' ')}
          data-icon={icon}
          onClick={() => onChange(icon)}
          sx={{
            height: 40,
            borderRadius: 2,
            bgcolor: icon === value ? 'action.selected' : 'transparent',
            outline: icon === value ? '2px solid' : 'none',
            outlineColor: categoryColorHex(color),
          }}
        >
          <CategoryIcon icon={icon} color={color} size={22} />
        </ButtonBase>
      ))}
    </Box>
  );
}
