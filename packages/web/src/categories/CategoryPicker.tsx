import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveCategory, type PlainCategory } from './categories-api';
import { CategoryIcon } from './CategoryIcon';
import { CategorySelectDialog } from './CategorySelectDialog';

export interface CategoryPickerProps {
  value: PlainCategory | undefined;
  /** A category was chosen; undefined: the chosen one was deleted (the field reads as none). */
  onChange: (category: PlainCategory | undefined) => void;
  /** A message key (invalid.chooseCategory) to show under the field. */
  errorKey?: string | null;
  suggestions?: readonly PlainCategory[];
  disabled?: boolean;
}

/** The field itself: the chosen category (or an empty circle) under the label; opens the list. */
function CategoryFieldButton({
  current,
  hasError,
  disabled,
  onOpen,
}: {
  current: PlainCategory | undefined;
  hasError: boolean;
  disabled: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('editors');
  return (
    <ButtonBase
      onClick={onOpen}
      disabled={disabled}
      aria-haspopup="dialog"
      aria-label={t('category.label')}
      data-field="category"
      sx={{
        width: '100%',
        justifyContent: 'flex-start',
        gap: 1.5,
        px: 1.5,
        py: 1.25,
        borderRadius: 2,
        border: 1,
        borderColor: hasError ? 'error.main' : 'divider',
        textAlign: 'left',
        '&:hover': { borderColor: hasError ? 'error.main' : 'text.primary' },
      }}
    >
      {current?.id ? (
        <CategoryIcon icon={current.icon} color={current.color} badge size={16} />
      ) : (
        <Box
          sx={{
            width: 29,
            height: 29,
            borderRadius: '50%',
            border: '2px dashed',
            borderColor: 'divider',
          }}
        />
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" color={hasError ? 'error' : 'text.secondary'} component="div">
          {t('category.label')}
        </Typography>
        <Typography noWrap color={current?.id ? 'text.primary' : 'text.secondary'}>
          {current?.id ? current.title : t('category.choose')}
        </Typography>
      </Box>
      <ExpandMoreIcon color="action" />
    </ButtonBase>
  );
}

/** The quick suggestions under the field, one chip each. */
function CategorySuggestionChips({
  quick,
  onChange,
}: {
  quick: readonly PlainCategory[];
  onChange: (category: PlainCategory) => void;
}) {
  const { t } = useTranslation('editors');
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}
      aria-label={t('category.suggested')}
    >
      {quick.map((category) => (
        <Chip
          key={category.id}
          size="small"
          variant="outlined"
          label={category.title}
          icon={
            <Box sx={{ pl: 0.5, display: 'flex' }}>
              <CategoryIcon icon={category.icon} color={category.color} size={16} />
            </Box>
          }
          onClick={() => onChange(category)}
        />
      ))}
    </Box>
  );
}

/** The category field of the task and event screens, with quick suggestions under it. */
export function CategoryPicker({
  value,
  onChange,
  errorKey,
  suggestions = [],
  disabled = false,
}: CategoryPickerProps) {
  const { t } = useTranslation('editors');
  const [isOpen, setOpen] = useState(false);
  const current = useLiveCategory(value);
  const quick = suggestions.filter((s) => s.id !== current?.id).slice(0, 5);
  const hasError = Boolean(errorKey);
  return (
    <Box>
      <CategoryFieldButton
        current={current}
        hasError={hasError}
        disabled={disabled}
        onOpen={() => setOpen(true)}
      />
      {hasError && errorKey && (
        <FormHelperText error role="alert" sx={{ mx: 1.75 }}>
          {t(errorKey)}
        </FormHelperText>
      )}
      {!disabled && quick.length > 0 && (
        <CategorySuggestionChips quick={quick} onChange={onChange} />
      )}
      <CategorySelectDialog
        open={isOpen}
        selectedId={current?.id}
        suggestions={suggestions}
        onSelect={onChange}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}
