// /display-settings: the cards of the 'display-reviews' zone (every storefront widget with what it
// does, from this plugin's manifest, and what other plugins add: the Instagram feed is the instagram
// plugin's), whether each widget is on; the shared look lives on /branding.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Skeleton, Typography } from '@mui/material';
import PaletteIcon from '@mui/icons-material/Palette';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Zone, type ZoneCard } from '@plaudit/kernel/admin';
import { SCREENS } from '../shared/screens';
import { fetchDisplay, type DisplayState } from './display-api';

export default function DisplayHub() {
  const translate = useTranslate();
  const [state, setState] = useState<DisplayState | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchDisplay().then(setState, () => setFailed(true));
  }, []);

  const status = (screen: string) => {
    // a chip's room while the state loads: the cards keep their height, so a link does not move under the pointer
    if (!state) return failed ? null : <Skeleton variant="rounded" width={40} height={24} />;
    const widget = SCREENS[screen];
    const on = (state.data[widget] as { enabled?: boolean }).enabled === true;
    const trial = state.trials[widget];
    return (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" color={on ? 'success' : 'default'} label={translate(on ? 'widgets:hub.on' : 'widgets:hub.off')} />
        {trial?.active && <Chip size="small" color="info" label={translate('widgets:trial.days_left', { smart_count: trial.daysLeft })} />}
      </Box>
    );
  };

  const extra = ({ key }: ZoneCard) => {
    const screen = key.replace(/^widgets\./, '');
    return SCREENS[screen] ? status(screen) : null;
  };

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('widgets:hub.title')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'flex-end' }}>
        <Box>
          <Typography variant="h5" component="h1">
            {translate('widgets:hub.title')}
          </Typography>
          <Typography color="text.secondary">{translate('widgets:hub.text')}</Typography>
        </Box>
        <Button component={Link} to="/branding" variant="outlined" startIcon={<PaletteIcon />}>
          {translate('widgets:hub.branding')}
        </Button>
      </Box>
      {failed && <Alert severity="error">{translate('widgets:load_failed')}</Alert>}
      <Zone name="display-reviews" extra={extra} />
    </Box>
  );
}
