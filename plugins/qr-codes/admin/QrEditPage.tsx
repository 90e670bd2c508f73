// /collect-reviews/qr-code/edit-for-product: the card every product's code is printed on (spec
// sections 2 and 5): presets, title (20), description (110), font, colours, a live preview.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import QRCode from 'qrcode';
import { Box, Button, Card, CardContent, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { LeaveGuard, NotFound } from '@plaudit/kernel/admin';
import { DESCRIPTION_MAX, PRESET_COLOURS, PRESETS, QR_OPTIONS, TITLE_MAX, type CardSettings, type Preset } from '../shared/card';
import { loadCardSettings, saveCardSettings } from './api';
import { drawCard, loadImage } from './card-canvas';
import { ColorField } from './ColorField';
import { loadFont } from './fonts';

/** The preview's code: a sample address, drawn like the real ones. */
function sampleCode(dark: string) {
  return QRCode.toDataURL(`${window.location.origin}/q/sample`, { ...QR_OPTIONS, width: 512, color: { dark, light: '#ffffff' } }).then(loadImage);
}

export default function QrEditPage() {
  const { id } = useParams();
  return id === 'edit-for-product' ? <CardEditor /> : <NotFound />;
}

function CardEditor() {
  const translate = useTranslate();
  const notify = useNotify();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [saved, setSaved] = useState<CardSettings | null>(null);
  const [draft, setDraft] = useState<CardSettings | null>(null);
  const [fonts, setFonts] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    loadCardSettings().then((r) => {
      setSaved(r.data);
      setDraft(r.data);
      setFonts(r.fonts);
    });
  }, []);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);

  // redraw on every change, once the chosen font is loaded
  useEffect(() => {
    if (!draft) return;
    let live = true;
    Promise.all([loadFont(draft.fontFamily), sampleCode(draft.qrCode)]).then(([, qr]) => {
      if (live && canvas.current) drawCard(canvas.current, draft, qr, translate('qr-codes:edit.sample_product'));
    });
    return () => {
      live = false;
    };
  }, [draft]);

  if (!draft || !saved) return null;
  const set = (patch: Partial<CardSettings>) => setDraft({ ...draft, ...patch });
  const save = async () => {
    setSaving(true);
    try {
      const r = await saveCardSettings(draft);
      setSaved(r.data);
      setDraft(r.data);
      notify('qr-codes:edit.saved', { type: 'success' });
    } catch {
      notify('qr-codes:edit.save_failed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('qr-codes:edit.title')} />
      <LeaveGuard dirty={dirty} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {translate('qr-codes:edit.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button disabled={!dirty || saving} onClick={() => setDraft(saved)}>
            {translate('qr-codes:edit.discard')}
          </Button>
          <Button variant="contained" disabled={!dirty || saving} onClick={save}>
            {translate('qr-codes:edit.save')}
          </Button>
        </Stack>
      </Stack>
      <Stack sx={{ alignItems: 'flex-start' }} direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card sx={{ flex: 1, width: '100%' }}>
          <CardContent sx={{ display: 'grid', gap: 2.5 }}>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }} id="qr-preset">
                {translate('qr-codes:edit.preset')}
              </Typography>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={draft.name}
                aria-labelledby="qr-preset"
                sx={{ flexWrap: 'wrap' }}
                onChange={(_, name: Preset | null) => name && set({ name, ...PRESET_COLOURS[name] })}
              >
                {PRESETS.map((p) => (
                  <ToggleButton key={p} value={p}>
                    {translate(`qr-codes:edit.presets.${p}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
            <TextField
              label={translate('qr-codes:edit.card_title')}
              value={draft.title}
              slotProps={{ htmlInput: { maxLength: TITLE_MAX }, formHelperText: { sx: { textAlign: 'right' } } }}
              onChange={(e) => set({ title: e.target.value.slice(0, TITLE_MAX) })}
              helperText={`${draft.title.length}/${TITLE_MAX}`}
            />
            <TextField
              label={translate('qr-codes:edit.description')}
              value={draft.description}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX }, formHelperText: { sx: { textAlign: 'right' } } }}
              onChange={(e) => set({ description: e.target.value.slice(0, DESCRIPTION_MAX) })}
              helperText={`${draft.description.length}/${DESCRIPTION_MAX}`}
            />
            <TextField
              select
              label={translate('qr-codes:edit.font')}
              value={draft.fontFamily}
              onChange={(e) => set({ fontFamily: e.target.value as CardSettings['fontFamily'] })}
            >
              {fonts.map((f) => (
                <MenuItem key={f} value={f}>
                  {f}
                </MenuItem>
              ))}
            </TextField>
            <ColorField label={translate('qr-codes:edit.title_color')} value={draft.titleColor} onChange={(titleColor) => set({ titleColor })} />
            <ColorField
              label={translate('qr-codes:edit.description_color')}
              value={draft.descriptionColor}
              onChange={(descriptionColor) => set({ descriptionColor })}
            />
            <ColorField label={translate('qr-codes:edit.background')} value={draft.background} onChange={(background) => set({ background })} />
            <ColorField label={translate('qr-codes:edit.qr_color')} value={draft.qrCode} onChange={(qrCode) => set({ qrCode })} gradients={false} />
          </CardContent>
        </Card>
        <Card sx={{ width: { xs: '100%', md: 340 }, flex: 'none', position: { md: 'sticky' }, top: { md: 80 } }}>
          <CardContent>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {translate('qr-codes:edit.preview')}
            </Typography>
            <canvas
              ref={canvas}
              data-testid="qr-preview"
              aria-label={translate('qr-codes:edit.preview')}
              style={{ width: '100%', aspectRatio: '1240 / 1748', display: 'block', borderRadius: 6 }}
            />
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
