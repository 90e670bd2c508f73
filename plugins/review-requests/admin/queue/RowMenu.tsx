import { useState } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import MoreIcon from '@mui/icons-material/MoreHoriz';
import { useTranslate } from 'react-admin';
import { rowActions, type QueueRow } from './queue-api';

export function RowMenu({ row, onAction }: { row: QueueRow; onAction: (action: string, row: QueueRow) => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton aria-label={translate('review-requests:queue.actions', { order: row.name })} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {rowActions(row.status).map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action, row);
            }}
          >
            {translate(`review-requests:action.${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
