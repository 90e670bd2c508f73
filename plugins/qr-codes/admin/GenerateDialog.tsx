// Generate: the product's card with its code (POST /api/qrcodes), downloaded as <handle>.png or
// printed at A6 or on a 4 × 6 inch label. Below the second tier the call answers 403 and the shell
// sends the merchant to /subscription?tier=second.
import { useEffect, useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { CardSettings } from '../shared/card';
import type { QrProductRow } from '../shared/products';
import { generate, loadCardSettings } from './api';
import { CARD_SIZES, drawCard, loadImage, type CardSizeName } from './card-canvas';
import { loadFont } from './fonts';
import { PrintSheet } from './PrintSheet';

interface Ready {
  settings: CardSettings;
  qr: HTMLImageElement;
  url: string;
}

export function GenerateDialog({ row, onClose }: { row: QrProductRow; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState<Ready | null>(null);
  const [size, setSize] = useState<CardSizeName>('a6');
  const [printImage, setPrintImage] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([loadCardSettings(), generate(row)])
      .then(async ([s, code]) => {
        await loadFont(s.data.fontFamily);
        const qr = await loadImage(code.qrCode);
        if (live) setReady({ settings: s.data, qr, url: code.url });
      })
      .catch(() => {
        if (!live) return;
        notify('qr-codes:dialog.failed', { type: 'error' });
        onClose();
      });
    return () => {
      live = false;
    };
  }, [row.productId]);

  useEffect(() => {
    if (!ready || !canvas.current) return;
    drawCard(canvas.current, ready.settings, ready.qr, row.title, CARD_SIZES.a6);
    const sheet = document.createElement('canvas');
    drawCard(sheet, ready.settings, ready.qr, row.title, CARD_SIZES[size]);
    setPrintImage(sheet.toDataURL('image/png'));
  }, [ready, size]);

  const download = () => {
    canvas.current!.toBlob((blob) => {
      if (!blob) return notify('qr-codes:dialog.failed', { type: 'error' });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `${row.handle}.png`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    }, 'image/png');
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="qr-dialog-title">
      <DialogTitle id="qr-dialog-title">{translate('qr-codes:dialog.title', { product: row.title })}</DialogTitle>
      <DialogContent>
        <Stack sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }} direction={{ xs: 'column', sm: 'row' }} spacing={3}>
          <Box sx={{ width: { xs: '100%', sm: 300 }, flex: 'none', aspectRatio: '1240 / 1748', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
            <canvas
              ref={canvas}
              data-testid="qr-card"
              aria-label={translate('qr-codes:edit.preview')}
              style={{ width: '100%', height: '100%', display: ready ? 'block' : 'none' }}
            />
          </Box>
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            {ready && (
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {translate('qr-codes:dialog.link')}:{' '}
                <Link href={ready.url} target="_blank" rel="noopener">
                  {ready.url}
                </Link>
              </Typography>
            )}
            <TextField select size="small" label={translate('qr-codes:dialog.size')} value={size} onChange={(e) => setSize(e.target.value as CardSizeName)}>
              <MenuItem value="a6">{translate('qr-codes:dialog.size_a6')}</MenuItem>
              <MenuItem value="label">{translate('qr-codes:dialog.size_label')}</MenuItem>
            </TextField>
            <Button variant="contained" disabled={!ready} onClick={download}>
              {translate('qr-codes:dialog.download')}
            </Button>
            <Button variant="outlined" disabled={!printImage} onClick={() => window.print()}>
              {translate('qr-codes:dialog.print')}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('qr-codes:dialog.close')}</Button>
      </DialogActions>
      <PrintSheet image={printImage} size={size} />
    </Dialog>
  );
}
