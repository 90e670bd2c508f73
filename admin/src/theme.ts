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
};
