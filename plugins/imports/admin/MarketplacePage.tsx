// /collect-reviews/import-reviews: reviews of an AliExpress or Amazon product page, brought to one of
// the shop's products (spec sections 2, 5, 8). The URL names the marketplace; its defaults from
// Settings > Import reviews fill the options, which the merchant may change for this import.
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { importsApi, refusal, type ImportRun, type ImportSettings, type Marketplace, type MarketplaceDefaults } from './api';
import { MarketplaceOptions, optionsValid } from './MarketplaceOptions';
import { useMessage } from './messages';
import { ProductPicker, type ProductOption } from '@plaudit/kernel/admin';
import { RunBanner } from './RunBanner';
import { useImportRun } from './useImportRun';

const LABELS: Record<Marketplace, string> = { aliexpress: 'AliExpress', amazon: 'Amazon' };
const FALLBACK: MarketplaceDefaults = { maxReviews: 20, stars: [5, 4, 3, 2, 1], withPhotos: false, country: null };

/** The marketplace of a product URL, by its host (aliexpress.com, .us, .ru …; amazon.com, .co.uk, .de …). */
export function marketplaceOf(url: string): Marketplace | null {
  try {
    const { protocol, hostname } = new URL(url.trim());
    if (!/^https?:$/.test(protocol)) return null;
    if (/(^|\.)aliexpress\.[a-z.]+$/i.test(hostname)) return 'aliexpress';
    if (/(^|\.)amazon\.[a-z.]+$/i.test(hostname)) return 'amazon';
  } catch {
    return null;
  }
  return null;
}

export default function MarketplacePage() {
  const translate = useTranslate();
  const messageOf = useMessage();
  const [settings, setSettings] = useState<ImportSettings | null>(null);
  const [url, setUrl] = useState('');
  const [product, setProduct] = useState<ProductOption | null>(null);
  const [options, setOptions] = useState<MarketplaceDefaults>(FALLBACK);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [blurred, setBlurred] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<ImportRun | null>(null);
  const [resumed, setResumed] = useState(false);
  const run = useImportRun(started);
  const market = marketplaceOf(url);

  useEffect(() => {
    importsApi.settings().then(setSettings, () => setSettings(null));
    importsApi.recent(10).then(
      (runs) => {
        const running = runs.find((r) => r.status === 'running' && r.source !== 'file');
        if (running) setStarted(running), setResumed(true);
      },
      () => undefined,
    );
  }, []);
  // the marketplace's defaults, until the merchant changes an option
  useEffect(() => {
    if (!touched) setOptions(market && settings ? settings[market] : (settings?.aliexpress ?? FALLBACK));
  }, [market, settings, touched]);

  const urlError =
    (blurred || submitted) && url.trim() && !market
      ? translate('imports:errors.wrong_marketplace')
      : submitted && !url.trim()
        ? translate('plaudit.validation.required')
        : undefined;
  const productError = submitted && !product ? translate('plaudit.validation.required') : undefined;
  const running = run?.status === 'running';

  const submit = async () => {
    setSubmitted(true);
    setError(null);
    if (!market || !product || !optionsValid(options)) return;
    setBusy(true);
    try {
      setStarted(await importsApi.marketplace({ url: url.trim(), productId: product.id, ...options }));
      setResumed(false);
    } catch (err) {
      const { message, errors } = refusal(err);
      setError(messageOf(Object.values(errors)[0] ?? message ?? translate('imports:errors.start_failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, maxWidth: 900, minWidth: 0, contain: 'inline-size' }}>
      <Title title={translate('imports:marketplace.title')} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {translate('imports:marketplace.title')}
        </Typography>
        <Button component={RouterLink} to="/collect-reviews/reviews/import">
          {translate('imports:marketplace.from_file')}
        </Button>
      </Stack>
      {run && <RunBanner run={run} resumed={resumed} />}
      <Card>
        <CardContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('imports:marketplace.intro')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              type="url"
              label={translate('imports:marketplace.url')}
              value={url}
              onChange={(e) => (setUrl(e.target.value), setError(null))}
              onBlur={() => setBlurred(true)}
              error={!!urlError}
              helperText={urlError ?? translate('imports:marketplace.url_hint')}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 2048 } }}
            />
            {market && <Chip color="primary" variant="outlined" label={LABELS[market]} sx={{ mt: { sm: 0.5 } }} data-testid="marketplace" />}
          </Stack>
          <ProductPicker value={product} onChange={setProduct} label={translate('imports:marketplace.product')} error={productError} width={420} images />
          <MarketplaceOptions value={options} onChange={(patch) => (setOptions({ ...options, ...patch }), setTouched(true))} />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={submit} disabled={busy || running}>
              {translate('imports:marketplace.import')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
