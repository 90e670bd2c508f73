import { Box, Card, Tab, Tabs, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { NotFound, useSettingsTabs } from '@plaudit/kernel/admin';

export default function SettingsPage() {
  const translate = useTranslate();
  const tabs = useSettingsTabs();
  const params = useParams();
  // the spec's route table names the integration list /settings/integration: the Integrations tab
  const tab = params.tab === 'integration' ? 'integrations' : (params.tab ?? tabs[0]?.key);
  const current = tabs.find((t) => t.key === tab);
  if (tab && !current) return <NotFound />;
  return (
    // Inline-size containment keeps the page at the width it is given: otherwise react-admin's layout
    // grows to the tabs' min-content (wider than a phone once billing adds its tab); they scroll instead.
    <Box sx={{ py: 2, minWidth: 0, contain: 'inline-size' }}>
      <Title title={translate('settings:title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('settings:title')}
      </Typography>
      {tabs.length === 0 ? (
        <Typography color="text.secondary">{translate('settings:empty')}</Typography>
      ) : (
        <Card>
          <Tabs value={current?.key ?? false} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={translate('settings:title')}>
            {tabs.map((t) => (
              <Tab key={t.key} value={t.key} label={translate(t.labelKey)} component={Link} to={`/settings/${t.key}`} />
            ))}
          </Tabs>
          <Box sx={{ p: 2 }} role="tabpanel">
            {current && <current.component />}
          </Box>
        </Card>
      )}
    </Box>
  );
}
