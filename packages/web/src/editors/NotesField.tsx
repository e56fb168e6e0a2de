import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import { PLANNING_CONSTANTS } from '@planner/core';

export interface NotesFieldProps {
  value: string;
  onChange: (note: string) => void;
  disabled?: boolean;
  /** Start in the text box rather than the rendered note. */
  startEditing?: boolean;
}

/** Markdown notes: rendered when read, a text box of up to 60 rows when written (spec 9). */
export function NotesField({
  value,
  onChange,
  disabled = false,
  startEditing = false,
}: NotesFieldProps) {
  const { t } = useTranslation('editors');
  const [isEditing, setEditing] = useState(startEditing || value === '');
  if (isEditing && !disabled) {
    return (
      <TextField
        label={t('notes.label')}
        placeholder={t('notes.placeholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => event.stopPropagation()}
        multiline
        minRows={3}
        maxRows={PLANNING_CONSTANTS.notesMaxRows}
        fullWidth
        name="notes"
        helperText={t('notes.markdownHint')}
      />
    );
  }
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="subtitle2" color="text.secondary">
          {t('notes.label')}
        </Typography>
        {!disabled && (
          <Button size="small" startIcon={<EditNoteIcon />} onClick={() => setEditing(true)}>
            {t('notes.edit')}
          </Button>
        )}
      </Box>
      <Box
        data-testid="notes-rendered"
        sx={{
          typography: 'body2',
          overflowWrap: 'anywhere',
          '& p': { my: 0.75 },
          '& ul, & ol': { pl: 3, my: 0.75 },
          '& a': { color: 'primary.main' },
          '& code': { bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
          '& h1, & h2, & h3': { fontSize: '1.05rem', fontWeight: 650, my: 1 },
        }}
      >
        {value === '' ? (
          <Typography variant="body2" color="text.secondary">
            {t('notes.empty')}
          </Typography>
        ) : (
          <Markdown skipHtml>{value}</Markdown>
        )}
      </Box>
    </Box>
  );
}
