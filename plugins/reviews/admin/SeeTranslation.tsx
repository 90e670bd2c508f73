// "See translation" on a review in Manage reviews (issue 19): a review written in another language
// than the merchant's admin is translated on request through the translations plugin's API
// (/api/translations/reviews, second plan tier). Without that plugin (404) the button goes away;
// below the tier the admin's client sends the merchant to the plan page, as for every gated action.
// The original stays in the form above, untouched.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';

interface Translated {
  status: 'original' | 'translated' | 'unavailable' | 'degraded';
  translation: { title: string | null; content: string; provider: string } | null;
}

export function SeeTranslation({ reviewId, language }: { reviewId: number; language: string | null | undefined }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const target = locale.split('-')[0];
  const [state, setState] = useState<'idle' | 'loading' | 'hidden' | Translated>('idle');
  useEffect(() => setState('idle'), [reviewId, target]);
  if (!language || language.split('-')[0] === target || state === 'hidden') return null;

  const load = async () => {
    setState('loading');
    try {
      const { items } = await apiJson<{ items: Translated[] }>(`/translations/reviews?ids=${reviewId}&lang=${encodeURIComponent(target)}`);
      setState(items[0] ?? 'hidden');
    } catch (err) {
      // no translations plugin (or a plan without the feature, after the plan page): no button
      setState([403, 404].includes((err as { status?: number }).status ?? 0) ? 'hidden' : { status: 'degraded', translation: null });
    }
  };

  if (state === 'idle' || state === 'loading') {
    return (
      <Button size="small" onClick={load} disabled={state === 'loading'} sx={{ justifySelf: 'start' }}>
        {translate('reviews:translation.see')}
      </Button>
    );
  }
  if (state.status === 'translated' && state.translation) {
    return (
      <Box sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1 }} lang={target}>
        <Typography variant="overline">{translate('reviews:translation.heading')}</Typography>
        {state.translation.title ? <Typography variant="subtitle1">{state.translation.title}</Typography> : null}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {state.translation.content}
        </Typography>
        <Button size="small" onClick={() => setState('idle')}>
          {translate('reviews:translation.hide')}
        </Button>
      </Box>
    );
  }
  return <Alert severity="info">{translate(state.status === 'unavailable' ? 'reviews:translation.unavailable' : 'reviews:translation.failed')}</Alert>;
}
