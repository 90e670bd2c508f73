import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Close to the Shopify admin: light surfaces, cards, restrained colour (the admin-shell issue refines it). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#303030' },
    secondary: { main: '#005bd3' },
    background: { default: '#f1f1f1', paper: '#ffffff' },
  },
  shape: { borderRadius: 12 },
  typography: { fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    ...defaultTheme.components,
    // No Material ripple, as in the Shopify admin: a document's first ripple inserts its keyframes and
    // restyles the whole page, 110 ms of a click at 4x CPU on the 50-review list (issue 36,
    // npm run bench:admin-trace). Keyboard focus keeps a visible ring instead of the focus ripple.
    MuiButtonBase: {
      defaultProps: { disableRipple: true },
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid #005bd3', outlineOffset: 2 } } },
    },
    // Menus, selects and popovers leave the page's scroll alone and follow their anchor when the page
    // scrolls (MUI's Popover listens to scroll without the lock). The lock set overflow and padding
    // on <body> at every opening: a style recalculation and layout of the whole page, 50-60 ms of
    // opening the queue's add-filter menu or a filter's editor at 4x CPU (issue 36, bench/RESULTS.md).
    // Dialogs keep theirs.
    MuiPopover: { defaultProps: { disableScrollLock: true } },
    // A merchant who asks the system for less motion gets none: spinners, skeletons' pulse, menus'
    // and dialogs' transitions end at once (WCAG 2.3.3). Durations of a hundredth of a millisecond,
    // not `none`, so animation and transition end events still fire for what listens to them.
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
  },
};
