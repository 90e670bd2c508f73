import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useShop } from '../../../admin/src/shop';
import { AppStatusCard } from './AppStatusCard';
import { QuickstartCard } from './QuickstartCard';
import { SurveyWidget } from './SurveyWidget';
import { shouldShowSurvey } from './survey-rule';
import type { SurveyWidgetState } from './types';

export default function DashboardPage() {
  const translate = useTranslate();
  const { data: shop } = useShop();
  const { pathname } = useLocation();
  if (!shop) return null;
  const survey = shop.surveyWidget as SurveyWidgetState;
  const onHome = pathname === '/' || pathname === '/dashboard';
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 2, maxWidth: 960 }}>
      <Title title={translate('dashboard:title')} />
      <Typography variant="h5" component="h1">
        {translate('dashboard:welcome', { shop: shop.name ?? shop.shopifyDomain })}
      </Typography>
      {shouldShowSurvey({ onHome, setupDone: shop.setupDone, survey }) && <SurveyWidget survey={survey} />}
      <AppStatusCard enabled={shop.appStatus} />
      <QuickstartCard done={(shop.quickstart ?? {}) as Record<string, boolean>} />
    </Box>
  );
}
