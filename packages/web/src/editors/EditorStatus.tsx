import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

function Centered({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ minHeight: '60dvh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}
    >
      <Box>{children}</Box>
    </Box>
  );
}

/** An editor whose item is still loading. */
export function EditorLoading() {
  const { t } = useTranslation('editors');
  return (
    <Centered>
      <CircularProgress aria-label={t('common.loading')} />
    </Centered>
  );
}

/** An editor whose item does not exist (or is someone else's): says so, with a way back. */
export function EditorNotFound({
  message,
  backTo,
  backLabel,
}: {
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Centered>
      <Typography variant="h6" gutterBottom>
        {message}
      </Typography>
      <Button component={RouterLink} to={backTo} variant="outlined">
        {backLabel}
      </Button>
    </Centered>
  );
}
