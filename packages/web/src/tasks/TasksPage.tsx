import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import TaskAltIcon from '@mui/icons-material/TaskAltOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PLANNING_CONSTANTS, splitTaskSections } from '@planner/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePlannerPrefs } from '../editors/prefs';
import { useDebouncedValue } from '../editors/use-debounced-value';
import { CategoryFilterDialog } from './CategoryFilterDialog';
import { useLoadMoreOnScroll } from './load-more';
import { useHiddenTaskIds } from './pending-deletes';
import { readCategoryFilter, visibleTasks, writeCategoryFilter } from './task-filter';
import { useCurrentTaskId, useDoneTasks, useTaskSearch, useTodoTasks } from './tasks-api';
import { TaskSections } from './TaskSections';
import { serverNow } from '../api/server-clock';

function EmptyState({ isSearch }: { isSearch: boolean }) {
  const { t } = useTranslation('editors');
  return (
    <Box
      sx={{ textAlign: 'center', py: 8, px: 3, color: 'text.secondary' }}
      data-testid="tasks-empty"
    >
      <TaskAltIcon sx={{ fontSize: 56, color: 'primary.light', mb: 1 }} />
      {isSearch ? (
        <Typography variant="h6" color="text.primary">
          {t('tasks.noResults')}
        </Typography>
      ) : (
        <>
          <Typography variant="h6" color="text.primary" gutterBottom>
            {t('tasks.emptyTitle')}
          </Typography>
          <Typography sx={{ mb: 3, maxWidth: 360, mx: 'auto' }}>{t('tasks.emptyText')}</Typography>
          <Button
            component={RouterLink}
            to="/tasks/create"
            variant="contained"
            disableElevation
            startIcon={<AddIcon />}
          >
            {t('tasks.create')}
          </Button>
        </>
      )}
    </Box>
  );
}

/** The search box and the category filter's button (its badge counts the categories chosen). */
function TasksSearchBar({
  search,
  onSearch,
  filterCount,
  onOpenFilter,
}: {
  search: string;
  onSearch: (search: string) => void;
  filterCount: number;
  onOpenFilter: () => void;
}) {
  const { t } = useTranslation('editors');
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', px: 1, mb: 2 }}>
      <TextField
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder={t('tasks.search')}
        size="small"
        fullWidth
        type="search"
        slotProps={{
          htmlInput: { 'aria-label': t('tasks.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Tooltip title={t('tasks.filter')}>
        <IconButton aria-label={t('tasks.filter')} onClick={onOpenFilter}>
          <Badge badgeContent={filterCount} color="primary">
            <FilterListIcon />
          </Badge>
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** The add button; a search typed becomes the new task's title. */
function AddTaskFab({ search }: { search: string }) {
  const { t } = useTranslation('editors');
  return (
    <Fab
      color="primary"
      component={RouterLink}
      to={
        search.trim() ? `/tasks/create?title=${encodeURIComponent(search.trim())}` : '/tasks/create'
      }
      aria-label={t('tasks.add')}
      sx={{ position: 'fixed', right: { xs: 16, sm: 32 }, bottom: { xs: 16, sm: 32 } }}
    >
      <AddIcon />
    </Fab>
  );
}

/**
 * The tasks shown: the search's results, or to do and done (more done pages on scroll), without
 * those being deleted and within the category filter, split into Doing, To do and Done.
 */
function useTaskListSections(keyword: string, filter: string[]) {
  const hidden = useHiddenTaskIds();
  const currentTaskId = useCurrentTaskId();
  const todo = useTodoTasks();
  const done = useDoneTasks();
  const results = useTaskSearch(keyword);
  const isSearch = keyword !== '';

  const sections = useMemo(() => {
    const all = isSearch
      ? (results.data ?? [])
      : [...(todo.data ?? []), ...(done.data?.pages.flat() ?? [])];
    return splitTaskSections(visibleTasks(all, hidden, filter), currentTaskId);
  }, [isSearch, results.data, todo.data, done.data, hidden, filter, currentTaskId]);

  const canLoadMore = !isSearch && done.hasNextPage && !done.isFetchingNextPage && !done.isError;
  useLoadMoreOnScroll(() => void done.fetchNextPage(), canLoadMore, done.data?.pages.length);

  const isLoading = isSearch ? results.isPending : todo.isPending || done.isPending;
  const count = (sections.doing ? 1 : 0) + sections.todo.length + sections.done.length;
  return { sections, isSearch, isLoading, count, isLoadingMore: done.isFetchingNextPage };
}

/** /tasks (spec 2): search, category filter, Doing / To do / Done, add button. */
export default function TasksPage() {
  const { t } = useTranslation('editors');
  const prefs = usePlannerPrefs();
  const [now] = useState(() => serverNow());
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), PLANNING_CONSTANTS.searchDebounceMs);
  const [filter, setFilter] = useState<string[]>(readCategoryFilter);
  const [isFilterOpen, setFilterOpen] = useState(false);
  const { sections, isSearch, isLoading, count, isLoadingMore } = useTaskListSections(
    keyword,
    filter,
  );

  return (
    <Box
      sx={{
        maxWidth: 760,
        width: '100%',
        mx: 'auto',
        px: { xs: 1, sm: 3 },
        py: { xs: 2, sm: 3 },
        pb: 12,
      }}
    >
      <TasksSearchBar
        search={search}
        onSearch={setSearch}
        filterCount={filter.length}
        onOpenFilter={() => setFilterOpen(true)}
      />
      {isLoading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : count === 0 ? (
        <EmptyState isSearch={isSearch || filter.length > 0} />
      ) : (
        <TaskSections {...sections} isLoadingMore={isLoadingMore} prefs={prefs} now={now} />
      )}
      <AddTaskFab search={search} />
      <CategoryFilterDialog
        open={isFilterOpen}
        selected={filter}
        onClose={() => setFilterOpen(false)}
        onApply={(ids) => {
          setFilter(ids);
          writeCategoryFilter(ids);
        }}
      />
    </Box>
  );
}
