// Tags a post with up to MAX_TAGS products of the shop, picked with the kernel's product picker; the
// server checks each against the store.
import { useState } from 'react';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ProductPicker, type ProductOption } from '@plaudit/kernel/admin';
import { MAX_TAGS, type PostView } from '../shared/instagram';

interface Props {
  post: PostView;
  saving: boolean;
  onSave(productIds: string[]): void;
  onClose(): void;
}

export function TagDialog({ post, saving, onSave, onClose }: Props) {
  const translate = useTranslate();
  const [picked, setPicked] = useState<ProductOption[]>(post.products.map((p) => ({ id: p.id, title: p.title, image: p.image })));
  const add = (p: ProductOption | null) => p && picked.length < MAX_TAGS && !picked.some((x) => x.id === p.id) && setPicked([...picked, p]);
  const full = picked.length >= MAX_TAGS;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('instagram:tag.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ProductPicker
            value={null}
            onChange={add}
            label={translate('instagram:tag.pick')}
            images
            width="100%"
            error={full ? translate('instagram:tag.max', { count: MAX_TAGS }) : undefined}
          />
          {picked.length ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {picked.map((p) => (
                <Chip key={p.id} label={p.title} onDelete={() => setPicked(picked.filter((x) => x.id !== p.id))} />
              ))}
            </Stack>
          ) : (
            <Typography color="text.secondary">{translate('instagram:tag.none')}</Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('instagram:tag.cancel')}</Button>
        <Button variant="contained" disabled={saving || picked.length > MAX_TAGS} onClick={() => onSave(picked.map((p) => p.id))}>
          {translate('instagram:tag.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
