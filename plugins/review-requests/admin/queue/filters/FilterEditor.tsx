import type { ReactNode } from 'react';
import { Box, Button, Popover, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** One filter's editor in a popover: its fields, then Apply (enabled only when the draft is valid). */
export function FilterEditor(p: {
  anchor: HTMLElement | null;
  title: string;
  canApply: boolean;
  onApply: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Popover
      open={!!p.anchor}
      anchorEl={p.anchor}
      onClose={p.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { maxWidth: 'calc(100vw - 16px)' } } }}
    >
      <Box
        component="form"
        aria-label={p.title}
        noValidate
        sx={{ p: 2, width: 340, maxWidth: '100%' }}
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          if (p.canApply) p.onApply();
        }}
      >
        <Typography variant="subtitle1" gutterBottom>
          {p.title}
        </Typography>
        <Stack spacing={2}>{p.children}</Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={p.onClose}>{translate('review-requests:queue.filters.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!p.canApply}>
            {translate('review-requests:queue.filters.apply')}
          </Button>
        </Stack>
      </Box>
    </Popover>
  );
}
