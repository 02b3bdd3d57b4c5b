import { alpha, createTheme } from '@mui/material/styles';
import { palette } from './palette.ts';

const displayFont = '"Cormorant Garamond", Georgia, "Times New Roman", serif';
const bodyFont = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif';

/** The coach's own words set apart (quotes, prompts, calls): the headings' serif, in italics. */
export const quoteSx = { fontFamily: displayFont, fontStyle: 'italic', color: 'primary.dark' } as const;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: palette.plum, dark: palette.plumDeep, light: '#7A5A8C', contrastText: '#FFFFFF' },
    secondary: { main: palette.saffron, dark: '#86400F', light: palette.saffronLight, contrastText: '#FFFFFF' },
    success: { main: palette.sage },
    error: { main: palette.error },
    warning: { main: palette.warning },
    background: { default: palette.cream, paper: '#FFFFFF' },
    text: { primary: palette.ink, secondary: palette.inkSoft },
    divider: alpha(palette.plum, 0.14),
  },
  shape: { borderRadius: 4 },
  typography: {
    fontFamily: bodyFont,
    h1: { fontFamily: displayFont, fontWeight: 600, fontSize: 'clamp(2.4rem, 6vw, 4.2rem)', lineHeight: 1.08 },
    h2: { fontFamily: displayFont, fontWeight: 600, fontSize: 'clamp(2rem, 4.4vw, 3rem)', lineHeight: 1.15 },
    h3: { fontFamily: displayFont, fontWeight: 600, fontSize: 'clamp(1.6rem, 3vw, 2.1rem)', lineHeight: 1.2 },
    h4: { fontFamily: displayFont, fontWeight: 600, fontSize: '1.6rem', lineHeight: 1.25 },
    h5: { fontFamily: displayFont, fontWeight: 600, fontSize: '1.35rem' },
    h6: { fontWeight: 700, fontSize: '1.05rem' },
    subtitle1: { fontSize: '1.1rem', lineHeight: 1.7 },
    body1: { lineHeight: 1.75 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0.2 },
    overline: { letterSpacing: 2.5, fontWeight: 700 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // What is scrolled to (a section's link, a form's first error) or reached with Tab lands clear
        // of the fixed header (68 px, 84 px on large screens) and of the floating buttons at the bottom.
        html: { scrollBehavior: 'smooth', scrollPaddingTop: 88, scrollPaddingBottom: 88 },
        '@media (min-width: 1200px)': { html: { scrollPaddingTop: 104 } },
        '@media (prefers-reduced-motion: reduce)': {
          html: { scrollBehavior: 'auto' },
          '*, *::before, *::after': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
        },
        body: { overflowX: 'hidden' },
        // Visible focus everywhere (text fields show their own focused border), gold ringed in plum.
        ':focus-visible:not(input):not(textarea)': {
          outline: `3px solid ${palette.gold}`,
          outlineOffset: 2,
          boxShadow: `0 0 0 5px ${palette.plumDeep}`,
        },
        '::selection': { background: alpha(palette.gold, 0.35) },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 999, paddingInline: 22, minHeight: 44 },
        sizeLarge: { paddingInline: 30, minHeight: 52, fontSize: '1.02rem' },
      },
    },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    // A dialog's buttons keep their labels on one line; on a narrow screen they go to a second row.
    MuiDialogActions: {
      styleOverrides: {
        root: {
          flexWrap: 'wrap',
          gap: 8,
          '& > :not(style) ~ :not(style)': { marginLeft: 0 },
          '& .MuiButton-root': { whiteSpace: 'nowrap' },
        },
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          borderRadius: 22,
          border: `1px solid ${alpha(palette.plum, 0.1)}`,
          boxShadow: `0 10px 30px -18px ${alpha(palette.plumDeep, 0.35)}`,
        },
      },
    },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    // A field's label sits above it from the start, not over it until the app moves it: a page
    // is typed into before its app has taken it over, or without one (and autofill fills it).
    MuiTextField: { defaultProps: { fullWidth: true, slotProps: { inputLabel: { shrink: true } } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
