import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  CATEGORY_COLORS,
  CATEGORY_ICONS,
  validateCategoryName,
  type CategoryColor,
  type CategoryIcon as CategoryIconName,
} from '@planner/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as serverApi from './categories-api';
import { reportEditorError } from '../editors/errors';
import { ConfirmDialog } from '../editors/ConfirmDialog';
import { useDeleteCategory, useRememberCategory, type PlainCategory } from './categories-api';
import { CategoryIcon } from './CategoryIcon';
import { categoryColorHex, categoryIconName } from './category-style';
import { showLimitFor } from '../limits/limit-store';

export interface CategoryEditDialogProps {
  open: boolean;
  /** null: a new category. */
  category: PlainCategory | null;
  onClose: () => void;
  onSaved: (category: PlainCategory) => void;
  /** After the category was deleted (an existing one only has Delete). */
  onDeleted?: (id: string) => void;
}

function colorOf(category: PlainCategory | null): CategoryColor {
  const found = CATEGORY_COLORS.find((c) => c === category?.color);
  return found ?? CATEGORY_COLORS[5];
}

function ColorSwatches({
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

function IconGrid({
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
    <Box
      role="radiogroup"
      aria-label={t('category.icon')}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(40px, 1fr))',
        gap: 0.5,
        maxHeight: 208,
        overflowY: 'auto',
        p: 0.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
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

/**
 * Creates or edits a category: a name (required after trimming), one of the 16 palette colours
 * and one of the icons, the first being the default. Over the tier's limit the server answers
 * 4201 or 4202 and the app's limit dialog explains it.
 */
export function CategoryEditDialog({
  open,
  category,
  onClose,
  onSaved,
  onDeleted,
}: CategoryEditDialogProps) {
  const { t } = useTranslation('editors');
  const titleId = useId();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const remember = useRememberCategory();
  const [name, setName] = useState('');
  const [color, setColor] = useState<CategoryColor>(CATEGORY_COLORS[5]);
  const [icon, setIcon] = useState<CategoryIconName>(categoryIconName(undefined));
  const [nameError, setNameError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [isAskingDelete, setAskingDelete] = useState(false);
  const deleteCategory = useDeleteCategory();

  useEffect(() => {
    if (!open) return;
    setName(category?.title ?? '');
    setColor(colorOf(category));
    setIcon(categoryIconName(category?.icon));
    setNameError(null);
  }, [open, category]);

  async function remove() {
    if (!category) return;
    setAskingDelete(false);
    setSaving(true);
    try {
      await deleteCategory(category.id);
      onDeleted?.(category.id);
      onClose();
    } catch (error) {
      reportEditorError(error);
    } finally {
      setSaving(false);
    }
  }

  async function save() {
    const checked = validateCategoryName(name);
    if (!checked.ok) {
      setNameError(checked.error);
      return;
    }
    setSaving(true);
    try {
      const answer = await serverApi.putCategory({
        category: {
          ...(category ? { id: category.id } : {}),
          title: checked.name,
          color,
          icon,
          description: category?.description ?? '',
        },
      });
      if (answer.category) {
        remember(answer.category);
        onSaved(answer.category);
      }
    } catch (error) {
      // Over the tier's limit: the app's one limit dialog explains it (limits/).
      if (!showLimitFor(error)) reportEditorError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
        fullScreen={isPhone}
      >
        <DialogTitle id={titleId}>
          {t(category ? 'category.editTitle' : 'category.newTitle')}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, pt: 1 }}>
            <CategoryIcon icon={icon} color={color} size={24} badge />
            <TextField
              label={t('category.name')}
              name="category-name"
              value={name}
              autoFocus
              fullWidth
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void save();
              }}
              error={nameError !== null}
              helperText={nameError ? t(nameError) : ' '}
            />
          </Box>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('category.color')}
            </Typography>
            <ColorSwatches value={color} onChange={setColor} />
          </Box>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('category.icon')}
            </Typography>
            <IconGrid value={icon} color={color} onChange={setIcon} />
          </Box>
        </DialogContent>
        <DialogActions>
          {category && (
            <Button
              color="error"
              onClick={() => setAskingDelete(true)}
              disabled={isSaving}
              sx={{ mr: 'auto' }}
            >
              {t('common.delete')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disableElevation
            onClick={() => void save()}
            disabled={isSaving}
          >
            {t('common.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={isAskingDelete}
        title={t('category.deleteTitle', { name: category?.title ?? '' })}
        text={t('category.deleteText')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        isDestructive
        onConfirm={() => void remove()}
        onCancel={() => setAskingDelete(false)}
      />
    </>
  );
}
