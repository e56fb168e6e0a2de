import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories, type PlainCategory } from '../categories/categories-api';
import { CategoryIcon } from '../categories/CategoryIcon';

export interface CategoryFilterDialogProps {
  open: boolean;
  selected: readonly string[];
  onApply: (ids: string[]) => void;
  onClose: () => void;
}

/** One category with its checkbox; the whole row toggles it. */
function CategoryFilterRow({
  category,
  isChosen,
  onToggle,
}: {
  category: PlainCategory;
  isChosen: boolean;
  onToggle: () => void;
}) {
  return (
    <ListItemButton onClick={onToggle} sx={{ borderRadius: 2 }}>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Checkbox
          edge="start"
          checked={isChosen}
          tabIndex={-1}
          disableRipple
          slotProps={{ input: { 'aria-label': category.title } }}
        />
      </ListItemIcon>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <CategoryIcon icon={category.icon} color={category.color} size={22} />
      </ListItemIcon>
      <ListItemText primary={category.title} />
    </ListItemButton>
  );
}

/** Which categories the task list shows; none chosen means all. */
export function CategoryFilterDialog({
  open,
  selected,
  onApply,
  onClose,
}: CategoryFilterDialogProps) {
  const { t } = useTranslation('editors');
  const titleId = useId();
  const categories = useCategories().data ?? [];
  const [chosen, setChosen] = useState<string[]>([...selected]);
  useEffect(() => {
    if (open) setChosen([...selected]);
  }, [open, selected]);
  const toggle = (id: string) =>
    setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      scroll="paper"
    >
      <DialogTitle id={titleId}>{t('tasks.filterTitle')}</DialogTitle>
      <DialogContent dividers sx={{ px: 1 }}>
        <List>
          {categories.map((category) => (
            <CategoryFilterRow
              key={category.id}
              category={category}
              isChosen={chosen.includes(category.id)}
              onToggle={() => toggle(category.id)}
            />
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Button onClick={() => setChosen([])}>{t('tasks.filterAll')}</Button>
        <Button
          variant="contained"
          disableElevation
          onClick={() => {
            onApply(chosen);
            onClose();
          }}
        >
          {t('tasks.filterApply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
