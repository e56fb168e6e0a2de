import { alpha, createTheme } from '@mui/material/styles';

const ink = '#161a2b';
const muted = '#5b6275';
const primary = '#4a55e0';
/** Drawn around whatever has the keyboard's focus, on every screen (docs/accessibility.md). */
const focusRing = { outline: `2px solid ${primary}`, outlineOffset: 2 } as const;

// Inter covers Latin and Cyrillic; Chinese, Japanese and Korean fall through to the system's fonts.
const fontFamily = [
  '"Inter Variable"',
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans"',
  '"Noto Sans CJK SC"',
  '"Microsoft YaHei"',
  '"Malgun Gothic"',
  'sans-serif',
].join(',');

export const theme = createTheme({
  palette: {
    mode: 'light',
    // Every main colour keeps 4.5:1 or more against white text and against the page's background,
    // since each serves as both (chips, avatars, coloured words): WCAG 1.4.3, checked by axe.
    primary: { main: primary, dark: '#3540b8', light: '#5560e3', contrastText: '#ffffff' },
    secondary: { main: '#0b7a6b', contrastText: '#ffffff' },
    error: { main: '#c53030' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    success: { main: '#1f7a4a', contrastText: '#ffffff' },
    info: { main: '#2563c9' },
    background: { default: '#f5f6fa', paper: '#ffffff' },
    text: { primary: ink, secondary: muted },
    divider: alpha(ink, 0.09),
  },
  shape: { borderRadius: 12 },
  // A person who asked their system for less motion (WCAG 2.3.3) gets MUI's transitions and
  // ripples without movement: dialogs, menus and drawers appear and go at once. MUI follows the
  // media query as it changes (its transitions listen to it; its CSS sits under
  // `@media (prefers-reduced-motion: reduce)`), with no code of ours on the first load.
  motion: { reducedMotion: 'system' },
  typography: {
    fontFamily,
    h1: { fontWeight: 750, letterSpacing: '-0.03em' },
    h2: { fontWeight: 750, letterSpacing: '-0.025em' },
    h3: { fontWeight: 700, letterSpacing: '-0.02em' },
    h4: { fontWeight: 700, letterSpacing: '-0.02em', fontSize: '1.85rem' },
    h5: { fontWeight: 700, letterSpacing: '-0.015em' },
    h6: { fontWeight: 650, letterSpacing: '-0.01em' },
    subtitle1: { fontWeight: 600 },
    subtitle2: { fontWeight: 600 },
    body2: { lineHeight: 1.55 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    overline: { fontWeight: 700, letterSpacing: '0.08em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        ':focus-visible': focusRing,
        body: { minHeight: '100dvh' },
        '#root': { minHeight: '100dvh', zoom: 'var(--planner-zoom, 1)' },
        // The interface zoom (settings/zoom.ts) scales the app and, apart, what MUI places on
        // top of it in the body: the contents of menus, pop-ups, dialogs, tooltips and the phone's
        // drawer, never the boxes MUI positions itself. MUI sets a menu's left and top from the
        // anchor's on-screen place; inside a zoomed element they would be scaled a second time
        // and open the menu off the screen.
        [[
          '.MuiPopover-paper > *',
          '.MuiDialog-paper > *',
          '.MuiTooltip-tooltip',
          '.MuiAutocomplete-paper',
          '.MuiPickerPopper-paper > *',
          '.MuiDrawer-modal .MuiDrawer-paper > *',
        ].join(', ')]: { zoom: 'var(--planner-zoom, 1)' },
      },
    },
    // MUI's buttons, switches and checkboxes clear the outline and show focus with a faint ripple:
    // the ring comes back on keyboard focus.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    // The ring shows the keyboard's focus; MUI's pulsing focus ripple would cover the words.
    MuiIconButton: { defaultProps: { disableFocusRipple: true } },
    MuiFab: { defaultProps: { disableFocusRipple: true } },
    MuiButton: {
      defaultProps: { disableElevation: true, disableFocusRipple: true },
      styleOverrides: {
        root: { borderRadius: 10, paddingInline: 18 },
        sizeLarge: { minHeight: 48, fontSize: '1rem' },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          borderRadius: 10,
          backgroundColor: '#ffffff',
        },
        notchedOutline: { borderColor: alpha(ink, 0.16) },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: {
          backgroundColor: alpha('#ffffff', 0.86),
          backdropFilter: 'saturate(180%) blur(12px)',
          borderBottom: `1px solid ${alpha(ink, 0.08)}`,
        },
      },
    },
    MuiDrawer: {
      styleOverrides: { paper: { borderRight: `1px solid ${alpha(ink, 0.08)}` } },
    },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          borderRadius: 10,
          marginInline: 8,
          paddingBlock: 8,
          '&.Mui-selected': {
            backgroundColor: alpha(primary, 0.1),
            color: primary,
            '& .MuiListItemIcon-root': { color: primary },
            '&:hover': { backgroundColor: alpha(primary, 0.14) },
          },
        },
      },
    },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 40, color: muted } } },
    MuiDialog: {
      styleOverrides: { paper: { borderRadius: 18 } },
    },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
    MuiAlert: {
      styleOverrides: { root: { borderRadius: 12, alignItems: 'center' } },
    },
    MuiPaper: {
      styleOverrides: { outlined: { borderColor: alpha(ink, 0.08) } },
    },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
