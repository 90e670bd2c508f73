// /display-settings/google: the Google Shopping feed's readiness (issue 34): its address for
// Merchant Center, its reviews against the program's minimum, and the reviewed products Google can
// match only weakly (no GTIN), most reviewed first; a feed per language when the shop sells in several.
import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';

interface Readiness {
  feedUrl: string;
  languageFeeds: { language: string; feedUrl: string }[];
  reviews: number;
  minimum: number;
  enough: boolean;
  products: { reviewed: number; checked: number; notInStore: number; withoutGtin: { productId: string; title: string | null; reviews: number }[] };
}

/** "French (fr)" in the admin's language; the code alone where the browser cannot name it. */
function languageName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

export default function GooglePage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [state, setState] = useState<Readiness | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    apiJson<Readiness>('/google-feed/readiness').then(setState, () => setFailed(true));
  }, []);

  if (failed) return <Alert severity="error">{translate('widgets:google.load_failed')}</Alert>;
  if (!state) return null;
  const { products } = state;
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 860 }}>
      <Title title={translate('widgets:google.title')} />
      <Typography variant="h5" component="h1">
        {translate('widgets:google.title')}
      </Typography>
      <Typography>{translate('widgets:google.intro')}</Typography>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 1.5 }}>
          <TextField size="small" label={translate('widgets:google.feed_url')} value={state.feedUrl} slotProps={{ input: { readOnly: true } }} />
          <Typography data-testid="google-reviews">{translate('widgets:google.reviews', { count: state.reviews })}</Typography>
          <Alert severity={state.enough ? 'success' : 'info'}>
            {translate(state.enough ? 'widgets:google.enough' : 'widgets:google.not_enough', { minimum: state.minimum, count: state.reviews })}
          </Alert>
        </CardContent>
      </Card>
      {state.languageFeeds.length > 0 && (
        <Card>
          <CardContent sx={{ display: 'grid', gap: 1.5 }} data-testid="google-language-feeds">
            <Typography variant="h6" component="h2">
              {translate('widgets:google.languages_title')}
            </Typography>
            <Typography variant="body2">{translate('widgets:google.languages_text')}</Typography>
            {state.languageFeeds.map((f) => (
              <TextField key={f.language} size="small" label={languageName(f.language, locale)} value={f.feedUrl} slotProps={{ input: { readOnly: true } }} />
            ))}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate('widgets:google.gtin_title')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('widgets:google.gtin_text')}
          </Typography>
          {products.withoutGtin.length === 0 ? (
            <Typography variant="body2">{translate('widgets:google.gtin_none')}</Typography>
          ) : (
            <List dense data-testid="google-without-gtin">
              {products.withoutGtin.map((p) => (
                <ListItem key={p.productId} disableGutters>
                  <ListItemText primary={translate('widgets:google.gtin_row', { title: p.title ?? p.productId, count: p.reviews })} />
                </ListItem>
              ))}
            </List>
          )}
          {products.checked < products.reviewed && (
            <Typography variant="caption">{translate('widgets:google.checked', { checked: products.checked, reviewed: products.reviewed })}</Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
