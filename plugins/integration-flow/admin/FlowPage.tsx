// /settings/integration/flow: turning Flow on (no credentials: Flow is part of Shopify; triggers fire
// only while it is on) and what Plaudit offers Flow's editor: its triggers and actions.
import { Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { IntegrationPanel } from '@plaudit/kernel/admin';
import { ACTIONS, TRIGGERS } from '../shared/flow';

const key = (handle: string) => handle.replace(/-/g, '_');

export default function FlowPage() {
  const translate = useTranslate();
  const section = (title: string, kind: 'triggers' | 'actions', handles: readonly string[]) => (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">{title}</Typography>
        <List dense>
          {handles.map((h) => (
            <ListItem key={h} disableGutters data-flow-handle={h}>
              <ListItemText primary={translate(`integration-flow:${kind}.${key(h)}.name`)} secondary={translate(`integration-flow:${kind}.${key(h)}.text`)} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <IntegrationPanel app="flow" label={translate('integration-flow:page.title')} fields={[]} description={translate('integration-flow:page.description')} />
      {section(translate('integration-flow:page.triggers'), 'triggers', TRIGGERS)}
      {section(translate('integration-flow:page.actions'), 'actions', ACTIONS)}
    </Stack>
  );
}
