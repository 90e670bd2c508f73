import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Action } from '../shared/review';

const IN_TAB: Record<string, Action[]> = {
  trash: ['restore', 'delete'],
  default: ['publish', 'unpublish', 'verify', 'unverify', 'feature', 'pin', 'add-testimonial', 'remove-testimonial', 'delete'],
};

/**
 * The actions for every selected review at once (a delete is confirmed by the list's dialog). It floats
 * at the bottom of the window while the list scrolls (sticky), as the Shopify admin's bulk actions do.
 */
export function BulkBar({ tab, count, onAction }: { tab: string; count: number; onAction: (a: Action) => void }) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        position: 'sticky',
        bottom: 16,
        zIndex: 2,
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        flexWrap: 'wrap',
        bgcolor: 'background.paper',
        boxShadow: 6,
        p: 1,
        mt: 1,
        borderRadius: 1,
      }}
      data-testid="bulk-bar"
    >
      <Typography variant="body2">{translate('reviews:list.selected', { smart_count: count })}</Typography>
      {(IN_TAB[tab] ?? IN_TAB.default).map((a) => (
        <Button key={a} size="small" onClick={() => onAction(a)}>
          {translate(`reviews:actions.${a}`)}
        </Button>
      ))}
    </Box>
  );
}
