import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import EventIcon from '@mui/icons-material/EventOutlined';
import SearchIcon from '@mui/icons-material/Search';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { PLANNING_CONSTANTS } from '@planner/core';
import { forwardRef, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { eventRoute, newEventRoute, newTaskRoute, taskRoute } from '../routes';
import type { WireEventInstance, WireTask } from '../types';
import { createDebouncedSearch } from './debounced-search';

interface Results {
  query: string;
  tasks: WireTask[];
  events: WireEventInstance[];
}

async function searchBoth(query: string) {
  const options = { retry: false, showLoading: false };
  const [tasks, events] = await Promise.all([
    call('GetTasks', { keyword: query, cheap: true, status: 'all', limit: 20 }, options),
    call('SearchEvent', { keyword: query }, options),
  ]);
  return { tasks: tasks.tasks, events: events.events.slice(0, 20) };
}

function useSearch(query: string): Results | null {
  const [results, setResults] = useState<Results | null>(null);
  const search = useMemo(
    () =>
      createDebouncedSearch({
        delayMs: PLANNING_CONSTANTS.searchDebounceMs,
        fetch: searchBoth,
        onResult: (q, found) => setResults({ query: q, ...found }),
        onError: () => setResults(null),
      }),
    [],
  );
  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed) search.search(trimmed);
    else {
      search.cancel();
      setResults(null);
    }
  }, [query, search]);
  useEffect(() => () => search.cancel(), [search]);
  return results;
}

/** Search of tasks and events (spec 2), each list with a Create button for the typed title. */
export const SearchBox = forwardRef<
  HTMLInputElement,
  { onClose?: () => void; autoFocus?: boolean }
>(function SearchBox({ onClose, autoFocus = false }, ref) {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [isOpen, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const results = useSearch(query);
  const listId = useId();
  const trimmed = query.trim();
  const close = () => {
    setOpen(false);
    onClose?.();
  };
  const go = (path: string) => {
    close();
    setQuery('');
    navigate(path);
  };
  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <Box ref={anchor} sx={{ position: 'relative', flex: 1, maxWidth: 420, minWidth: 0 }}>
        <InputBase
          inputRef={ref}
          autoFocus={autoFocus}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
          placeholder={t('search.placeholder')}
          inputProps={{
            'aria-label': t('search.label'),
            'aria-controls': listId,
            role: 'searchbox',
          }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
          endAdornment={
            query || onClose ? (
              <IconButton
                size="small"
                aria-label={t('search.clear')}
                onClick={() => (query ? setQuery('') : close())}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            ) : null
          }
          sx={{
            width: '100%',
            height: 40,
            px: 1.25,
            borderRadius: 2.5,
            bgcolor: 'rgba(22, 26, 43, 0.05)',
            fontSize: 15,
            '&.Mui-focused': { bgcolor: '#fff', boxShadow: '0 0 0 2px rgba(74, 85, 224, 0.35)' },
          }}
        />
        <Popper
          open={isOpen && trimmed !== ''}
          anchorEl={anchor.current}
          placement="bottom-start"
          sx={{ zIndex: 1300, width: anchor.current?.offsetWidth ?? 360, minWidth: 300 }}
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
      </Box>
    </ClickAwayListener>
  );
});

interface ResultSectionProps {
  title: string;
  items: { id: string; title: string; onClick: () => void }[];
  icon: React.ReactNode;
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
        <ListItemButton key={item.id} onClick={item.onClick}>
          <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
          <ListItemText primary={item.title} slotProps={{ primary: { noWrap: true } }} />
        </ListItemButton>
      ))}
      {items.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          {isLoading ? t('search.searching') : t('search.none')}
        </Typography>
      )}
    </List>
  );
}
