// /settings/integration/flow: turning Flow on (no credentials: Flow is part of Shopify) and what
// Plaudit offers Flow's editor: its triggers, each with its use as Flow's lifecycle callback reported
// it (an enabled workflow uses it, so it fires; or none does), and its actions.
import { useEffect, useState } from 'react';
import { Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiJson, IntegrationPanel } from '@plaudit/kernel/admin';
import { ACTIONS, TRIGGERS, type TriggerUsageView } from '../shared/flow';

const key = (handle: string) => handle.replace(/-/g, '_');

function UsageChip({ usage }: { usage?: TriggerUsageView }) {
  const translate = useTranslate();
  if (!usage) return null;
  return usage.hasEnabledFlow ? (
    <Chip size="small" color="success" label={translate('integration-flow:page.used')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('integration-flow:page.unused')} />
  );
}

export default function FlowPage() {
  const translate = useTranslate();
  const [usage, setUsage] = useState<Record<string, TriggerUsageView>>({});
  useEffect(() => {
    apiJson<{ data: Record<string, TriggerUsageView> }>('/flow/trigger-usage').then(
      (r) => setUsage(r.data),
      () => setUsage({}),
    );
  }, []);
  const section = (title: string, kind: 'triggers' | 'actions', handles: readonly string[]) => (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <List dense>
          {handles.map((h) => (
            // the chip beside the text, below it when the row is narrow (a phone)
            <ListItem key={h} disableGutters data-flow-handle={h} sx={{ flexWrap: 'wrap', columnGap: 2 }}>
              <ListItemText
                primary={translate(`integration-flow:${kind}.${key(h)}.name`)}
                secondary={translate(`integration-flow:${kind}.${key(h)}.text`)}
                sx={{ flex: '1 1 240px' }}
              />
              {kind === 'triggers' && <UsageChip usage={usage[h]} />}
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
