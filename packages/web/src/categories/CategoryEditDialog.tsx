import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { CategoryColor, CategoryIcon as CategoryIconName } from '@planner/core';
import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../editors/ConfirmDialog';
import type { PlainCategory } from './categories-api';
import { CategoryIcon } from './CategoryIcon';
import { ColorSwatches, IconGrid } from './CategoryStylePickers';
import { useCategoryEdit } from './use-category-edit';

export interface CategoryEditDialogProps {
  open: boolean;
  /** null: a new category. */
  category: PlainCategory | null;
  onClose: () => void;
  onSaved: (category: PlainCategory) => void;
  /** After the category was deleted (an existing one only has Delete). */
  onDeleted?: (id: string) => void;
}

/**
 * Creates or edits a category: a name (required after trimming), one of the 16 palette colours
 * and one of the icons, the first being the default. Over the tier's limit the server answers
 * 4201 or 4202 and the app's limit dialog explains it.
 */
export function CategoryEditDialog(props: CategoryEditDialogProps) {
  const { open, category, onClose } = props;
  const { t } = useTranslation('editors');
  const titleId = useId();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const edit = useCategoryEdit(props);
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
          <CategoryNameField
            icon={edit.icon}
            color={edit.color}
            name={edit.name}
            nameError={edit.nameError}
            onChange={edit.changeName}
            onEnter={() => void edit.save()}
          />
          <LabelledPicker label={t('category.color')}>
            <ColorSwatches value={edit.color} onChange={edit.setColor} />
          </LabelledPicker>
          <LabelledPicker label={t('category.icon')}>
            <IconGrid value={edit.icon} color={edit.color} onChange={edit.setIcon} />
          </LabelledPicker>
        </DialogContent>
        <CategoryEditActions
          canDelete={category !== null}
          isSaving={edit.isSaving}
          saveRef={edit.saveButton}
          onDelete={() => edit.setAskingDelete(true)}
          onCancel={onClose}
          onSave={() => void edit.save()}
        />
      </Dialog>
      <ConfirmDialog
        open={edit.isAskingDelete}
        title={t('category.deleteTitle', { name: category?.title ?? '' })}
        text={t('category.deleteText')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        isDestructive
        onConfirm={() => void edit.remove()}
        onCancel={() => edit.setAskingDelete(false)}
      />
    </>
  );
}

/** The name, beside the category's badge as it will look; Enter saves. */
function CategoryNameField({
  icon,
  color,
  name,
  nameError,
  onChange,
  onEnter,
}: {
  icon: CategoryIconName;
  color: CategoryColor;
  name: string;
  nameError: string | null;
  onChange: (name: string) => void;
  onEnter: () => void;
}) {
  const { t } = useTranslation('editors');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, pt: 1 }}>
      <CategoryIcon icon={icon} color={color} size={24} badge />
      <TextField
        label={t('category.name')}
        name="category-name"
        value={name}
        autoFocus
        fullWidth
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onEnter();
        }}
        error={nameError !== null}
        helperText={nameError ? t(nameError) : ' '}
      />
    </Box>
  );
}

function LabelledPicker({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** Delete (an existing category only, at the start), Cancel and Save. */
function CategoryEditActions({
  canDelete,
  isSaving,
  saveRef,
  onDelete,
  onCancel,
  onSave,
}: {
  canDelete: boolean;
  isSaving: boolean;
  saveRef: Ref<HTMLButtonElement>;
  onDelete: () => void;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation('editors');
  return (
    <DialogActions>
      {canDelete && (
        <Button color="error" onClick={onDelete} disabled={isSaving} sx={{ mr: 'auto' }}>
          {t('common.delete')}
        </Button>
      )}
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button
        ref={saveRef}
        variant="contained"
        disableElevation
        onClick={onSave}
        disabled={isSaving}
      >
        {t('common.save')}
      </Button>
    </DialogActions>
  );
}
