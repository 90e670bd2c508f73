// /translations and the settings tab "translations": two sections, the widgets' labels and review
// text translation, the chosen one in the URL (?section=reviews) so a reload or a link keeps it.
import { lazy, Suspense } from 'react';
import { Box, CircularProgress, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import TranslationsScreen from './TranslationsScreen';

const ReviewTranslationPanel = lazy(() => import('./ReviewTranslationPanel'));

const SECTIONS = ['labels', 'reviews'] as const;
type Section = (typeof SECTIONS)[number];

/** `inSettings`: inside the settings page, which has its own title and heading. */
export default function TranslationsPage({ inSettings = false }: { inSettings?: boolean }) {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  // on a phone the two tabs share the width (a scrolling tab bar would hide half of one)
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const asked = params.get('section') as Section | null;
  const section: Section = asked && SECTIONS.includes(asked) ? asked : 'labels';
  const choose = (next: Section) =>
    setParams((p) => {
      const kept = new URLSearchParams(p);
      if (next === 'labels') kept.delete('section');
      else kept.set('section', next);
      return kept;
    });
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, py: inSettings ? 0 : 2 }}>
      {!inSettings && <Title title={translate('translations:tab')} />}
      {!inSettings && (
        <Typography variant="h5" component="h1">
          {translate('translations:tab')}
        </Typography>
      )}
      <Tabs
        value={section}
        onChange={(_, v: Section) => choose(v)}
        variant={phone ? 'fullWidth' : 'standard'}
        aria-label={translate('translations:tab')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="labels" label={translate('translations:title')} id="translations-tab-labels" aria-controls="translations-panel" />
        <Tab value="reviews" label={translate('translations:sections.reviews')} id="translations-tab-reviews" aria-controls="translations-panel" />
      </Tabs>
      <Box role="tabpanel" id="translations-panel" aria-labelledby={`translations-tab-${section}`} sx={{ minWidth: 0 }}>
        {section === 'labels' ? (
          <TranslationsScreen />
        ) : (
          <Suspense fallback={<CircularProgress />}>
            <ReviewTranslationPanel />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}
