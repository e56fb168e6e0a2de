import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories, type PlainCategory } from './categories-api';
import { CategoryEditDialog } from './CategoryEditDialog';
import { CategoryIcon } from './CategoryIcon';

export interface CategorySelectDialogProps {
  open: boolean;
  selectedId: string | undefined;
  /** Suggested categories (GuessTaskCategory), listed first. */
  suggestions?: readonly PlainCategory[];
  /** A category was chosen; undefined: the selected one was deleted from the list. */
  onSelect: (category: PlainCategory | undefined) => void;
  onClose: () => void;
}

function CategoryRow(props: {
  category: PlainCategory;
  isSelected: boolean;
  onSelect: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation('editors');
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={t('category.editNamed', { name: props.category.title })}
          onClick={props.onEdit}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      }
    >
      <ListItemButton selected={props.isSelected} onClick={props.onSelect} sx={{ borderRadius: 2 }}>
        <ListItemIcon sx={{ minWidth: 48 }}>
          <CategoryIcon icon={props.category.icon} color={props.category.color} badge size={18} />
        </ListItemIcon>
        <ListItemText primary={props.category.title} />
      </ListItemButton>
    </ListItem>
  );
}

/** The suggested categories (when there are any) and then all, each with its edit button. */
function CategoryList({
  categories,
  suggested,
  selectedId,
  onChoose,
  onEdit,
}: {
  categories: readonly PlainCategory[];
  suggested: readonly PlainCategory[];
  selectedId: string | undefined;
  onChoose: (category: PlainCategory) => void;
  onEdit: (category: PlainCategory) => void;
}) {
  const { t } = useTranslation('editors');
  const rows = (list: readonly PlainCategory[], prefix: string) =>
    list.map((category) => (
      <CategoryRow
        key={`${prefix}-${category.id}`}
        category={categories.find((c) => c.id === category.id) ?? category}
        isSelected={category.id === selectedId}
        onSelect={() => onChoose(category)}
        onEdit={() => onEdit(category)}
      />
    ));
  return (
    <List dense={false}>
      {suggested.length > 0 && (
        <ListSubheader disableSticky>{t('category.suggested')}</ListSubheader>
      )}
      {rows(suggested, 'suggested')}
      {suggested.length > 0 && <ListSubheader disableSticky>{t('category.all')}</ListSubheader>}
      {rows(categories, 'all')}
    </List>
  );
}

/** New category on the left, cancel on the right. */
function CategoryDialogActions({ onNew, onCancel }: { onNew: () => void; onCancel: () => void }) {
  const { t } = useTranslation('editors');
  return (
    <DialogActions sx={{ justifyContent: 'space-between' }}>
      <Button startIcon={<AddIcon />} onClick={onNew}>
        {t('category.new')}
      </Button>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
    </DialogActions>
  );
}

/** Choose a category: suggestions first, then all; each can be edited, and new ones added. */
export function CategorySelectDialog({
  open,
  selectedId,
  suggestions = [],
  onSelect,
  onClose,
}: CategorySelectDialogProps) {
  const { t } = useTranslation('editors');
  const titleId = useId();
  const categories = useCategories().data ?? [];
  const [editing, setEditing] = useState<PlainCategory | null | undefined>(undefined);
  const suggested = suggestions.filter((s) => categories.some((c) => c.id === s.id));
  const choose = (category: PlainCategory) => {
    onSelect(category);
    onClose();
  };
  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
        scroll="paper"
      >
        <DialogTitle id={titleId}>{t('category.chooseTitle')}</DialogTitle>
        <DialogContent dividers sx={{ px: 1 }}>
          <CategoryList
            categories={categories}
            suggested={suggested}
            selectedId={selectedId}
            onChoose={choose}
            onEdit={setEditing}
          />
        </DialogContent>
        <CategoryDialogActions onNew={() => setEditing(null)} onCancel={onClose} />
      </Dialog>
      <CategoryEditDialog
        open={editing !== undefined}
        category={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          const isNew = editing === null;
          setEditing(undefined);
          if (isNew) choose(saved);
        }}
        onDeleted={(id) => {
          setEditing(undefined);
          // The item must not keep a category that is gone: the server refuses it on save.
          if (id === selectedId) onSelect(undefined);
        }}
      />
    </>
  );
}
