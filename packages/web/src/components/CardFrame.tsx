import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The frame of a card on the account page (profile, picture, e-mail, password, sessions,
 * connected accounts, shared links, the account's data): an outlined card with its title and a
 * line saying what it is for. With `titleId` the card is a section named by its title.
 */
export function CardFrame({
  title,
  titleId,
  text,
  textGap,
  testId,
  children,
}: {
  title: ReactNode;
  titleId?: string;
  text: ReactNode;
  /** The space under the text, in theme units. */
  textGap: number;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      {...(titleId ? { component: 'section', 'aria-labelledby': titleId } : {})}
      sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: '16px' }}
      {...(testId ? { 'data-testid': testId } : {})}
    >
      <Typography variant="h6" component="h2" {...(titleId ? { id: titleId } : {})}>
        {title}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: textGap }}>
        {text}
      </Typography>
      {children}
    </Paper>
  );
}
