import { memo } from 'react';
import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TABS, type QueueState } from './queue-state';

/**
 * The status tabs. Memoised: MUI's Tabs measures itself (getBoundingClientRect) after every render,
 * which forced a layout of the whole list on each filter, search or selection change (issue 36).
 */
export const QueueTabs = memo(function QueueTabs({ tab, update }: { tab: string; update: (patch: Partial<QueueState>) => void }) {
  const translate = useTranslate();
  return (
    <Tabs
      value={tab}
      onChange={(_e, next) => update({ tab: next })}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={{ flex: 1, minWidth: 0 }}
    >
      {TABS.map((t) => (
        <Tab key={t.key} value={t.key} label={translate(`review-requests:tab.${t.key}`)} />
      ))}
    </Tabs>
  );
});
