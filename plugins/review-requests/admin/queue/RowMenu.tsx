import { useState } from 'react';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import MoreIcon from '@mui/icons-material/MoreHoriz';
import { useTranslate } from 'react-admin';
import { useShop } from '@plaudit/kernel/admin';
import { pushActionInPlan, pushAllowed } from '../../shared/push';
import { usePushIntegration } from '../push/use-push-integration';
import { rowActions, type QueueRow } from './queue-api';

export function RowMenu({ row, onAction }: { row: QueueRow; onAction: (action: string, row: QueueRow) => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data: shop } = useShop();
  // Push: integration on, reminder push enabled, not sent yet; limited plans see it disabled (spec section 4).
  const canPush = pushAllowed(usePushIntegration(), row.pushQueue);
  const inPlan = !!shop && pushActionInPlan(shop);
  return (
    <>
      <IconButton aria-label={translate('review-requests:queue.actions', { order: row.name })} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {rowActions(row).map((action) => (
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
        {canPush && (
          <Tooltip title={inPlan ? '' : translate('review-requests:push.pro_only')} placement="left">
            {/* A span keeps the tooltip working on a disabled item. */}
            <span>
              <MenuItem
                disabled={!inPlan}
                onClick={() => {
                  setAnchor(null);
                  onAction('push', row);
                }}
              >
                {translate('review-requests:action.push')}
              </MenuItem>
            </span>
          </Tooltip>
        )}
      </Menu>
    </>
  );
}
