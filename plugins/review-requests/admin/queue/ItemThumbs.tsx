import { useState } from 'react';
import { Avatar, AvatarGroup, ButtonBase, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { adminUrl, itemImage, itemTitle, type QueueRow } from './queue-api';

/** Up to 3 thumbnails per row (spec section 9); a menu links each item to the product in the store admin. */
export function ItemThumbs({ row, shop }: { row: QueueRow; shop: string }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = row.lineItems;
  if (!items.length) return <>—</>;
  return (
    <>
      <ButtonBase
        aria-label={translate('review-requests:queue.items', { order: row.name, smart_count: items.length })}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ borderRadius: 1 }}
      >
        <AvatarGroup max={4} total={items.length} sx={{ '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 12 } }}>
          {items.slice(0, 3).map((li, i) => (
            <Avatar key={i} variant="rounded" src={itemImage(li) ?? undefined} alt={itemTitle(li)}>
              {itemTitle(li).slice(0, 1)}
            </Avatar>
          ))}
        </AvatarGroup>
      </ButtonBase>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {items.map((li, i) => (
          <MenuItem
            key={i}
            component="a"
            href={li.productId ? adminUrl(shop, 'products', li.productId) : (li.productLink ?? undefined)}
            target="_blank"
            rel="noopener noreferrer"
            disabled={!li.productId && !li.productLink}
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <Avatar variant="rounded" src={itemImage(li) ?? undefined} alt="" sx={{ width: 28, height: 28 }} />
            </ListItemIcon>
            <Typography variant="body2" noWrap sx={{ maxWidth: 260 }}>
              {itemTitle(li)}
            </Typography>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
