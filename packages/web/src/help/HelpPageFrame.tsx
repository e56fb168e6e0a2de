import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The help screens' column: centred, as wide as a comfortable line of text. */
export function HelpPageFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: 760,
        mx: 'auto',
        px: { xs: 1.5, sm: 3 },
        py: { xs: 2, sm: 3 },
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        alignContent: 'start',
        gap: 2,
      }}
    >
      {children}
    </Box>
  );
}
