// A review box in the chosen language drawn from the labels being edited: the widgets plugin's own
// preview renders its real components, which this plugin may not import, so this shows the texts
// a shopper reads first, in their places, as they change.
import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { previewText, type Texts } from './preview-text';

const Stars = ({ label }: { label: string }) => (
  <Box component="span" role="img" aria-label={label} sx={{ color: '#e6a100', letterSpacing: 2 }}>
    ★★★★★
  </Box>
);

export default function LabelsPreview({ texts, lang }: { texts: Texts; lang: string }) {
  const translate = useTranslate();
  const t = previewText(texts, lang);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={translate('translations:preview')}>
      <Typography variant="overline" color="text.secondary">
        {translate('translations:preview')}
      </Typography>
      <Box lang={lang} dir="auto" data-testid="labels-preview" sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {t('box.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Stars label={t('common.stars_label', { rating: new Intl.NumberFormat(lang).format(4.5) })} />
          <Typography variant="body2">{t('box.based_on', { count: 1234 })}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('box.sort_label')}: {t('box.sort.newest')}
        </Typography>
        <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
          <Typography variant="subtitle2">Ada L. · {t('review.verified')}</Typography>
          <Typography variant="body2">★★★★★</Typography>
        </Box>
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          {t('box.empty')}
        </Typography>
        <Box component="span" sx={{ border: 1, borderRadius: 1, px: 1.5, py: 0.5, justifySelf: 'start' }}>
          {t('box.load_more')}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {t('common.powered_by')}
        </Typography>
      </Box>
    </Paper>
  );
}
