import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlainCategory } from '../categories/categories-api';
import { CategoryIcon } from '../categories/CategoryIcon';
import { ALL_CATEGORIES } from '../charts/category-split';

/** All categories, or one: the list's totals then count only that category. */
export function CategoryFilter({
  categories,
  value,
  onChange,
}: {
  categories: readonly PlainCategory[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('analysis');
  const labelId = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id={labelId}>{t('filter.label')}</InputLabel>
      <Select
        labelId={labelId}
        label={t('filter.label')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        name="category-filter"
      >
        <MenuItem value={ALL_CATEGORIES}>{t('filter.all')}</MenuItem>
        {categories.map((category) => (
          <MenuItem key={category.id} value={category.id} sx={{ gap: 1 }}>
            <CategoryIcon icon={category.icon} color={category.color} size={18} />
            {category.title}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
