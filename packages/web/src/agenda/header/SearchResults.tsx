import AddIcon from '@mui/icons-material/Add';
import EventIcon from '@mui/icons-material/EventOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { eventRoute, newEventRoute, newTaskRoute, taskRoute } from '../routes';
import type { Results } from './SearchBox';

export interface SearchResultsProps {
  anchor: HTMLElement | null;
  listId: string;
  query: string;
  results: Results | null;
  onGo: (path: string) => void;
  /** Told true once the list is on the page and false when it leaves (the box's aria-controls). */
  onShown?: (isShown: boolean) => void;
}

/** The search answer: tasks and events, each list with a Create button for the typed title. */
export function SearchResults({
  anchor,
  listId,
  query,
  results,
  onGo: go,
  onShown,
}: SearchResultsProps) {
  const { t } = useTranslation('agenda');
  useEffect(() => {
    onShown?.(true);
    return () => onShown?.(false);
  }, [onShown]);
  const trimmed = query;
  return (
    <Popper
      open
      anchorEl={anchor}
      placement="bottom-start"
      sx={{ zIndex: 1300, width: anchor?.offsetWidth ?? 360, minWidth: 300 }}
    >
      <Paper
        id={listId}
        elevation={8}
        sx={{ mt: 1, maxHeight: '60vh', overflow: 'auto', borderRadius: 3 }}
        data-testid="search-results"
      >
        <ResultSection
          title={t('search.tasks')}
          items={(results?.tasks ?? []).map((task) => ({
            id: task.id,
            title: task.title || t('untitled'),
            onClick: () => go(taskRoute(task.id)),
          }))}
          icon={<TaskAltIcon fontSize="small" />}
          createLabel={t('search.createTask', { title: trimmed })}
          onCreate={() => go(newTaskRoute(trimmed))}
          isLoading={results?.query !== trimmed}
        />
        <ResultSection
          title={t('search.events')}
          items={(results?.events ?? []).map((event) => ({
            id: event.id,
            title: event.title || t('untitled'),
            onClick: () => go(eventRoute(event)),
          }))}
          icon={<EventIcon fontSize="small" />}
          createLabel={t('search.createEvent', { title: trimmed })}
          onCreate={() => go(newEventRoute(trimmed))}
          isLoading={results?.query !== trimmed}
        />
      </Paper>
    </Popper>
  );
}

interface ResultSectionProps {
  title: string;
  items: { id: string; title: string; onClick: () => void }[];
  icon: ReactNode;
  createLabel: string;
  onCreate: () => void;
  isLoading: boolean;
}

function ResultSection({
  title,
  items,
  icon,
  createLabel,
  onCreate,
  isLoading,
}: ResultSectionProps) {
  const { t } = useTranslation('agenda');
  return (
    <List
      dense
      subheader={
        <ListSubheader
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            lineHeight: 2.6,
          }}
        >
          {title}
          <Button size="small" startIcon={<AddIcon />} onClick={onCreate} aria-label={createLabel}>
            {t('search.create')}
          </Button>
        </ListSubheader>
      }
    >
      {items.map((item) => (
        <ListItem key={item.id} disablePadding>
          <ListItemButton onClick={item.onClick}>
            <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
            <ListItemText primary={item.title} slotProps={{ primary: { noWrap: true } }} />
          </ListItemButton>
        </ListItem>
      ))}
      {items.length === 0 && (
        <ListItem sx={{ px: 2, pt: 0, pb: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {isLoading ? t('search.searching') : t('search.none')}
          </Typography>
        </ListItem>
      )}
    </List>
  );
}
