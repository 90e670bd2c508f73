import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import BackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';

/** Back link (home when reached from there, else /collect-reviews), title and the two header actions. */
export function QueueHeader({ fromHome }: { fromHome: boolean }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`review-requests:queue.${k}`);
  const back = fromHome ? t('back_home') : t('back_collect');
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
      <Title title={t('title')} />
      <Tooltip title={back}>
        <IconButton component={Link} to={fromHome ? '/' : '/collect-reviews'} aria-label={back} edge="start">
          <BackIcon />
        </IconButton>
      </Tooltip>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {t('title')}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" component={Link} to="/collect-reviews/setting-request">
          {t('request_settings')}
        </Button>
        <Button variant="outlined" component={Link} to="/collect-reviews/emails/grid">
          {t('manage_notifications')}
        </Button>
      </Stack>
    </Stack>
  );
}
