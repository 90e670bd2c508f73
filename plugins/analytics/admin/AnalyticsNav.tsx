// The three screens as tabs; each link keeps the period's query string.
import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Screen } from './api';

export const SCREEN_PATHS: Record<Screen, string> = { overview: '/analytics', rating: '/analytics/rating', email: '/analytics/email' };

export function AnalyticsNav({ screen, query }: { screen: Screen; query: string }) {
  const translate = useTranslate();
  return (
    <Tabs
      value={screen}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('analytics:title')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {(Object.keys(SCREEN_PATHS) as Screen[]).map((s) => (
        <Tab key={s} value={s} label={translate(`analytics:screen.${s}`)} component={Link} to={`${SCREEN_PATHS[s]}?${query}`} />
      ))}
    </Tabs>
  );
}
