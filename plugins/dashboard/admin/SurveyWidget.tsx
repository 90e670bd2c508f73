import { useState } from 'react';
import { Box, Button, Card, CardContent, IconButton, Rating, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { useShopUpdate } from './shop-update';
import type { SurveyWidgetState } from './types';

/** The satisfaction survey on the home page; closing and submitting are saved on the shop. */
export function SurveyWidget({ survey }: { survey: SurveyWidgetState }) {
  const translate = useTranslate();
  const update = useShopUpdate();
  const [score, setScore] = useState<number | null>(null);
  const close = () => update({ surveyWidget: { closedAt: new Date().toISOString(), closeCount: (survey.closeCount ?? 0) + 1 } }, undefined, true);
  const submit = () => update({ surveyWidget: { isSubmitted: true } });
  return (
    <Card component="section" aria-label={translate('dashboard:survey.title')} sx={{ borderLeft: 4, borderColor: 'secondary.main' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, display: 'grid', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {translate('dashboard:survey.title')}
          </Typography>
          <Typography color="text.secondary">{translate('dashboard:survey.question')}</Typography>
          <Rating value={score} onChange={(_e, v) => setScore(v)} size="large" aria-label={translate('dashboard:survey.rating')} />
          <Box>
            <Button variant="contained" disabled={!score} onClick={submit}>
              {translate('dashboard:survey.submit')}
            </Button>
          </Box>
        </Box>
        <IconButton onClick={close} aria-label={translate('dashboard:survey.close')}>
          <CloseIcon />
        </IconButton>
      </CardContent>
    </Card>
  );
}
