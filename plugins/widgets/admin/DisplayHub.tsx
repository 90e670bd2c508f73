// /display-settings: every storefront widget with what it does, whether it is on, and a link to its
// screen; the Instagram feed is listed as coming soon; the shared look lives on /branding.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, Typography } from '@mui/material';
import PaletteIcon from '@mui/icons-material/Palette';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { SCREENS } from '../shared/display-settings';
import { fetchDisplay, type DisplayState } from './display-api';

export default function DisplayHub() {
  const translate = useTranslate();
  const [state, setState] = useState<DisplayState | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchDisplay().then(setState, () => setFailed(true));
  }, []);

  const status = (screen: string) => {
    if (!state) return null;
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

  const card = (screen: string, extra: ReactNode) => (
    <Card key={screen} sx={{ display: 'flex' }}>
      <CardActionArea component={Link} to={`/display-settings/${screen}`} sx={{ display: 'flex', alignItems: 'stretch' }}>
        <CardContent sx={{ display: 'grid', gap: 1, alignContent: 'start', width: '100%' }}>
          <Typography variant="h6" component="h2">{translate(`widgets:screen.${screen}.title`)}</Typography>
          <Typography variant="body2" color="text.secondary">{translate(`widgets:screen.${screen}.text`)}</Typography>
          {extra}
        </CardContent>
      </CardActionArea>
    </Card>
  );

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('widgets:hub.title')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'flex-end' }}>
        <Box>
          <Typography variant="h5" component="h1">{translate('widgets:hub.title')}</Typography>
          <Typography color="text.secondary">{translate('widgets:hub.text')}</Typography>
        </Box>
        <Button component={Link} to="/branding" variant="outlined" startIcon={<PaletteIcon />}>{translate('widgets:hub.branding')}</Button>
      </Box>
      {failed && <Alert severity="error">{translate('widgets:load_failed')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
        {Object.keys(SCREENS).map((screen) => card(screen, status(screen)))}
        {card('instagram-feed', <Box><Chip size="small" variant="outlined" label={translate('widgets:instagram.soon')} /></Box>)}
      </Box>
    </Box>
  );
}
