import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useWindowKey } from '../components/use-window-key';
import { ConfirmDialog } from './ConfirmDialog';

export interface EditorLayoutProps {
  title: string;
  onBack: () => void;
  /** Buttons at the end of the top bar (star, delete, save). */
  actions?: ReactNode;
  /** A bar fixed at the bottom (Do It Now). */
  bottomBar?: ReactNode;
  discardDialog: { open: boolean; onConfirm: () => void; onCancel: () => void };
  children: ReactNode;
}

/** The bar on top: back, the screen's title (focused on opening), and the screen's actions. */
function EditorBar({
  title,
  onBack,
  actions,
  heading,
}: Pick<EditorLayoutProps, 'title' | 'onBack' | 'actions'> & {
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation('editors');
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: 1, maxWidth: 880, width: '100%', mx: 'auto' }}>
        <IconButton edge="start" aria-label={t('common.back')} onClick={onBack}>
          <ArrowBackIcon />
        </IconButton>
        <Typography
          ref={heading}
          tabIndex={-1}
          variant="h6"
          component="h1"
          noWrap
          sx={{ flex: 1, minWidth: 0, outline: 'none' }}
        >
          {title}
        </Typography>
        {actions}
      </Toolbar>
    </AppBar>
  );
}

/** The bar fixed at the bottom (the task's Do It Now), its button at the column's end. */
function EditorBottomBar({ children }: { children: ReactNode }) {
  return (
    <Paper
      square
      elevation={8}
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        px: 2,
        py: 1.5,
        display: 'flex',
        justifyContent: 'center',
        zIndex: (theme) => theme.zIndex.appBar,
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 720, display: 'flex', justifyContent: 'flex-end' }}>
        {children}
      </Box>
    </Paper>
  );
}

/**
 * The frame of the task, event and reminder screens: no app bar or drawer of the shell (spec 2),
 * a top bar of their own with the way back and the actions, and the form in a centred column.
 */
export function EditorLayout(props: EditorLayoutProps) {
  const { t } = useTranslation('editors');
  const heading = useEditorKeyboard(props.onBack);
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', pb: props.bottomBar ? 12 : 4 }}>
      <EditorBar
        title={props.title}
        onBack={props.onBack}
        actions={props.actions}
        heading={heading}
      />
      <Box
        component="main"
        sx={{ maxWidth: 720, mx: 'auto', px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 } }}
      >
        {props.children}
      </Box>
      {props.bottomBar && <EditorBottomBar>{props.bottomBar}</EditorBottomBar>}
      <ConfirmDialog
        open={props.discardDialog.open}
        title={t('discard.title')}
        text={t('discard.text')}
        confirmLabel={t('discard.confirm')}
        cancelLabel={t('discard.keepEditing')}
        isDestructive
        onConfirm={props.discardDialog.onConfirm}
        onCancel={props.discardDialog.onCancel}
      />
    </Box>
  );
}

/**
 * The keyboard in an editor (docs/accessibility.md): the focus moves in when it opens (to its
 * title, unless a field took it), and Escape leaves it as Back does, asking first about unsaved
 * changes. An Escape a dialog, menu or picker used (they stop it) never reaches here.
 */
function useEditorKeyboard(onBack: () => void) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  }, []);
  useWindowKey((event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onBack();
  });
  return heading;
}

/**
 * A titled group of fields. Its one column may be narrower than a field's line (the implicit
 * `auto` column grows to the longest, such as a long category name), so that line is cut instead
 * of widening the screen.
 */
export function FormSection({ children }: { children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 2.5 },
        mb: 2,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 2,
        borderRadius: 3,
      }}
    >
      {children}
    </Paper>
  );
}
