import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import { PLANNING_CONSTANTS } from '@planner/core';
import { forwardRef, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as serverApi from '../data/agenda-api';
import { SearchResults } from '../lazy-parts';
import { PlainField } from '../PlainField';
import type { WireEventInstance, WireTask } from '../types';
import { createDebouncedSearch } from './debounced-search';

export interface Results {
  query: string;
  tasks: WireTask[];
  events: WireEventInstance[];
}

async function searchBoth(query: string) {
  const options = { retry: false, showLoading: false };
  const [tasks, events] = await Promise.all([
    serverApi.getTasks({ keyword: query, cheap: true, status: 'all', limit: 20 }, options),
    serverApi.searchEvent({ keyword: query }, options),
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

/** The typed words, whether the results are open, their results, and leaving for one. */
function useSearchBox(onClose: (() => void) | undefined) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [isOpen, setOpen] = useState(false);
  // The results' code loads on the first search: the list exists only once it has drawn.
  const [isListShown, setListShown] = useState(false);
  const results = useSearch(query);
  const close = () => {
    setOpen(false);
    onClose?.();
  };
  const go = (path: string) => {
    close();
    setQuery('');
    navigate(path);
  };
  const trimmed = query.trim();
  return {
    query,
    setQuery,
    isOpen,
    setOpen,
    isListShown,
    setListShown,
    results,
    close,
    go,
    trimmed,
  };
}

function ClearButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('agenda');
  return (
    <IconButton size="small" aria-label={t('search.clear')} onClick={onClick}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** Search of tasks and events (spec 2), each list with a Create button for the typed title. */
export const SearchBox = forwardRef<
  HTMLInputElement,
  { onClose?: () => void; autoFocus?: boolean }
>(function SearchBox({ onClose, autoFocus = false }, ref) {
  const { t } = useTranslation('agenda');
  const box = useSearchBox(onClose);
  const { query, setQuery, isOpen, setOpen, close, trimmed } = box;
  const anchor = useRef<HTMLDivElement>(null);
  const listId = useId();
  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      {/* Three shares of the free width to the spacer's one: room for the longer languages'
          placeholder ("Aufgaben und Termine suchen"). */}
      <Box ref={anchor} sx={{ position: 'relative', flex: 3, maxWidth: 420, minWidth: 0 }}>
        <PlainField
          ref={ref}
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
          aria-label={t('search.label')}
          // Only while the results are on the page: an id that names nothing misleads a reader.
          aria-controls={isOpen && trimmed !== '' && box.isListShown ? listId : undefined}
          role="searchbox"
          start={<SearchIcon fontSize="small" />}
          end={
            query || onClose ? (
              <ClearButton onClick={() => (query ? setQuery('') : close())} />
            ) : null
          }
          boxSx={{
            height: 40,
            px: 1.25,
            borderRadius: 2.5,
            bgcolor: 'rgba(22, 26, 43, 0.05)',
            fontSize: 15,
            '&:focus-within': { bgcolor: '#fff' },
          }}
        />
        {isOpen && trimmed !== '' && (
          <SearchResults
            anchor={anchor.current}
            listId={listId}
            query={trimmed}
            results={box.results}
            onGo={box.go}
            onShown={box.setListShown}
          />
        )}
      </Box>
    </ClickAwayListener>
  );
});
