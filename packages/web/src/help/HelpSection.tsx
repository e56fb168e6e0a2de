import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A titled card of help entries. */
export function HelpSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ borderRadius: '16px', py: 1.5 }}
    >
      <Typography
        id={headingId}
        variant="overline"
        component="h2"
        color="text.secondary"
        sx={{ px: 3 }}
      >
        {title}
      </Typography>
      <List disablePadding>{children}</List>
    </Paper>
  );
}

interface EntryProps {
  icon: ReactNode;
  title: string;
  summary: string;
}

/** An entry that opens another screen. */
export function HelpLink({ to, icon, title, summary }: EntryProps & { to: string }) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={to} sx={{ px: 3 }}>
        <HelpEntryContent icon={icon} title={title} summary={summary} />
        <ChevronRightIcon color="action" aria-hidden />
      </ListItemButton>
    </ListItem>
  );
}

/** An entry that does something here (restart the tutorial). */
export function HelpAction({
  onClick,
  disabled,
  icon,
  title,
  summary,
}: EntryProps & { onClick: () => void; disabled?: boolean }) {
  return (
    <ListItem disablePadding>
      <ListItemButton onClick={onClick} disabled={disabled} sx={{ px: 3 }}>
        <HelpEntryContent icon={icon} title={title} summary={summary} />
      </ListItemButton>
    </ListItem>
  );
}

function HelpEntryContent({ icon, title, summary }: EntryProps) {
  return (
    <>
      <ListItemIcon sx={{ minWidth: 44, color: 'primary.main' }}>{icon}</ListItemIcon>
      <ListItemText primary={title} secondary={summary} />
    </>
  );
}
