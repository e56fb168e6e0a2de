import {
  CATEGORY_COLORS,
  validateCategoryName,
  type CategoryColor,
  type CategoryIcon as CategoryIconName,
} from '@planner/core';
import { useEffect, useRef, useState } from 'react';
import { reportEditorError } from '../editors/errors';
import { showLimitFor } from '../limits/limit-store';
import * as serverApi from './categories-api';
import { useDeleteCategory, useRememberCategory, type PlainCategory } from './categories-api';
import { categoryIconName } from './category-style';
import { useCategoryLimit } from './use-category-limit';

interface CategoryEditOptions {
  open: boolean;
  /** null: a new category. */
  category: PlainCategory | null;
  onClose: () => void;
  onSaved: (category: PlainCategory) => void;
  onDeleted?: (id: string) => void;
}

function colorOf(category: PlainCategory | null): CategoryColor {
  const found = CATEGORY_COLORS.find((c) => c === category?.color);
  return found ?? CATEGORY_COLORS[5];
}

/** The name, colour and icon being edited, filled from the category each time the dialog opens. */
function useCategoryForm(open: boolean, category: PlainCategory | null) {
  const [name, setName] = useState('');
  const [color, setColor] = useState<CategoryColor>(CATEGORY_COLORS[5]);
  const [icon, setIcon] = useState<CategoryIconName>(categoryIconName(undefined));
  const [nameError, setNameError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setName(category?.title ?? '');
    setColor(colorOf(category));
    setIcon(categoryIconName(category?.icon));
    setNameError(null);
  }, [open, category]);
  const changeName = (value: string) => {
    setName(value);
    setNameError(null);
  };
  return { name, changeName, color, setColor, icon, setIcon, nameError, setNameError };
}

/**
 * The category dialog's state and its two actions: save (the trimmed name checked first; over
 * the tier's limit the app's limit dialog explains it, saying the limit, and gives the focus
 * back to Save, which lost it while disabled) and delete (after the question).
 */
export function useCategoryEdit({
  open,
  category,
  onClose,
  onSaved,
  onDeleted,
}: CategoryEditOptions) {
  const form = useCategoryForm(open, category);
  const remember = useRememberCategory();
  const deleteCategory = useDeleteCategory();
  const [isSaving, setSaving] = useState(false);
  const [isAskingDelete, setAskingDelete] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  const limit = useCategoryLimit();

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
    const checked = validateCategoryName(form.name);
    if (!checked.ok) {
      form.setNameError(checked.error);
      return;
    }
    setSaving(true);
    try {
      const answer = await serverApi.putCategory({
        category: {
          ...(category ? { id: category.id } : {}),
          title: checked.name,
          color: form.color,
          icon: form.icon,
          description: category?.description ?? '',
        },
      });
      if (answer.category) {
        remember(answer.category);
        onSaved(answer.category);
      }
    } catch (error) {
      // Over the tier's limit: the app's one limit dialog explains it (limits/).
      const context = { returnFocus: () => saveButton.current, ...(limit && { values: limit }) };
      if (!showLimitFor(error, context)) reportEditorError(error);
    } finally {
      setSaving(false);
    }
  }

  return { ...form, isSaving, isAskingDelete, setAskingDelete, save, remove, saveButton };
}
