import { alpha, createTheme } from '@mui/material/styles';

const ink = '#161a2b';
const muted = '#5b6275';
const primary = '#4a55e0';

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
    primary: { main: primary, dark: '#3540b8', light: '#7c85f0', contrastText: '#ffffff' },
    secondary: { main: '#0f9d8a', contrastText: '#ffffff' },
    error: { main: '#d23b3b' },
    warning: { main: '#d98a1c' },
    success: { main: '#2b9a5f' },
    info: { main: '#2f7be5' },
    background: { default: '#f5f6fa', paper: '#ffffff' },
    text: { primary: ink, secondary: muted },
    divider: alpha(ink, 0.09),
  },
  shape: { borderRadius: 12 },
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
        body: { minHeight: '100dvh' },
        '#root': { minHeight: '100dvh' },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
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
