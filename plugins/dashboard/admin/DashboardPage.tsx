import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { useShop, useZone, Zone } from '@plaudit/kernel/admin';
import { AppStatusCard } from './AppStatusCard';
import { QuickstartCard } from './QuickstartCard';
import { SurveyWidget } from './SurveyWidget';
import { shouldShowSurvey } from './survey-rule';
import type { SurveyWidgetState } from './types';

export default function DashboardPage() {
  const translate = useTranslate();
  const { data: shop } = useShop();
  const { pathname, search, state } = useLocation();
  const flow = useZone('quickstart')[0]?.to;
  if (!shop) return null;
  // A new shop opening the app (Shopify's launch carries `host`; sign-in says so in its state)
  // lands on the onboarding flow until it finishes setup or leaves the flow.
  const launched = new URLSearchParams(search).has('host') || !!(state as { launch?: boolean } | null)?.launch;
  if (flow && launched && shop.isNewShop && !shop.setupDone) return <Navigate to={flow} replace />;
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
      <QuickstartCard done={(shop.quickstart ?? {}) as Record<string, boolean>} flow={flow} />
      <Zone name="dashboard" />
    </Box>
  );
}
