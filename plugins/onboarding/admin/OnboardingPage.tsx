import { useEffect, type ComponentType } from 'react';
import { Box, Button, Card, CardContent, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { doneCount, previousStep, STEPS, stepToShow, type Outcome, type Step } from '../shared/steps';
import { useProgress } from './progress';
import { StepList } from './StepList';
import type { StepProps } from './types';
import { BusinessTypeStep, SellingMarketStep } from './steps/ProfileSteps';
import { AppEmbedStep, ReviewBoxStep, StarRatingStep } from './steps/ThemeSteps';
import { WidgetColorStep } from './steps/WidgetColorStep';
import { CustomerEligibilityStep } from './steps/CustomerEligibilityStep';
import { RequestTimingStep } from './steps/RequestTimingStep';
import { DiscountStep } from './steps/DiscountStep';
import { OldOrdersStep } from './steps/OldOrdersStep';
import { PlanChoiceStep } from './steps/PlanChoiceStep';

const BODIES: Record<Step, ComponentType<StepProps>> = {
  businessType: BusinessTypeStep,
  sellingMarket: SellingMarketStep,
  appEmbed: AppEmbedStep,
  reviewBox: ReviewBoxStep,
  starRating: StarRatingStep,
  widgetColor: WidgetColorStep,
  customerEligibility: CustomerEligibilityStep,
  requestTiming: RequestTimingStep,
  discount: DiscountStep,
  oldOrders: OldOrdersStep,
  planChoice: PlanChoiceStep,
};

/** /onboarding: one step at a time; ?step= names it, else the flow resumes where the merchant left it. */
export default function OnboardingPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { shop, progress, record, leave } = useProgress();
  const step = stepToShow(progress, params.get('step'));
  const open = (s: Step, replace = false) => setParams({ step: s }, { replace });

  // The address names the step shown, so a reload or a shared link opens the same one.
  useEffect(() => {
    if (shop && params.get('step') !== step) open(step, true);
  }, [shop, step]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!shop) return null;
  const complete = async (outcome: Outcome = 'done', options?: { finish?: boolean }) => {
    const next = await record(step, outcome, options);
    if (next === false) return false;
    if (next === null) {
      if (options?.finish !== false) {
        notify('onboarding:finished', { type: 'success' });
        navigate('/');
      }
      return true;
    }
    open(next);
    return true;
  };
  const exit = async () => {
    if (await leave()) navigate('/');
  };
  const index = STEPS.indexOf(step);
  const back = previousStep(step);
  const Body = BODIES[step];
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 1100 }}>
      <Title title={translate('onboarding:title')} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {translate('onboarding:title')}
        </Typography>
        <Button onClick={exit}>{translate('onboarding:finish_later')}</Button>
      </Stack>
      <Box>
        <Typography color="text.secondary" id="onboarding-progress">
          {translate('onboarding:progress', { done: doneCount(progress), total: STEPS.length })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(doneCount(progress) / STEPS.length) * 100}
          aria-labelledby="onboarding-progress"
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' }, gap: 2 }}>
        <StepList progress={progress} current={step} onOpen={(s) => open(s)} />
        <Card component="section" aria-labelledby="onboarding-step-title" sx={{ alignSelf: 'start' }}>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Box>
              <Typography variant="overline" color="text.secondary">
                {translate('onboarding:step_of', { n: index + 1, total: STEPS.length })}
              </Typography>
              <Typography variant="h6" component="h2" id="onboarding-step-title">
                {translate(`onboarding:steps.${step}.title`)}
              </Typography>
              <Typography color="text.secondary">{translate(`onboarding:steps.${step}.text`)}</Typography>
            </Box>
            <Body key={step} complete={complete} />
            <Divider />
            <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between' }}>
              <Button disabled={!back} onClick={() => back && open(back)}>
                {translate('onboarding:back')}
              </Button>
              <Button onClick={() => complete('skipped')}>{translate('onboarding:skip')}</Button>
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
