import AddTaskIcon from '@mui/icons-material/AddTaskOutlined';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import BedtimeIcon from '@mui/icons-material/BedtimeOutlined';
import CalendarViewWeekIcon from '@mui/icons-material/CalendarViewWeekOutlined';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import QuizIcon from '@mui/icons-material/QuizOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import type { ArticleName } from './help-articles';

export const ARTICLE_ICONS: Record<ArticleName, typeof SvgIcon> = {
  'add-tasks': AddTaskIcon,
  'events-and-reminders': EventIcon,
  'how-the-plan-is-made': AutoAwesomeIcon,
  controls: TuneIcon,
  'rest-window-and-settings': BedtimeIcon,
  'week-view': CalendarViewWeekIcon,
  'categories-and-plans': CategoryIcon,
  faq: QuizIcon,
};
