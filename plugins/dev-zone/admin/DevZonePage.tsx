import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { NotFound } from '@plaudit/kernel/admin';
import { DeveloperCalls } from './DeveloperCalls';
import { EmulatorControls } from './EmulatorControls';
import { isDeveloperMode } from './developer-mode';
import { MailViewer } from './MailViewer';

export default function DevZonePage() {
  const translate = useTranslate();
  if (!isDeveloperMode()) return <NotFound />;
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 2, maxWidth: 1100 }}>
      <Title title={translate('dev-zone:title')} />
      <Typography variant="h5" component="h1">
        {translate('dev-zone:title')}
      </Typography>
      <DeveloperCalls />
      <EmulatorControls />
      <MailViewer />
    </Box>
  );
}
