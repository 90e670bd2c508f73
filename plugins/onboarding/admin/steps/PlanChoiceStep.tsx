import { Box, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useShop } from '@plaudit/kernel/admin';
import { StepAction } from '../StepAction';
import type { StepProps } from '../types';

/** The plans shown (spec section 9's monthly prices; pro_2 and pro_24 are legacy Pro prices). */
const PLANS = [
  { plan: 'free', price: 0 },
  { plan: 'pro', price: 19.9 },
  { plan: 'advanced', price: 29.9 },
  { plan: 'enterprise', price: 199 },
] as const;

/**
 * Plan choice, the last step. Free: the step is done and setup finishes here. A paid plan: the
 * choice is recorded and the merchant goes on to /subscribe/{plan} (billing); subscribing there
 * sets setupDone, declining leaves the flow to resume at this step.
 */
export function PlanChoiceStep({ complete }: StepProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data: shop } = useShop();
  const choose = async (plan: string) => {
    if (plan === 'free') return complete();
    if (await complete('done', { finish: false })) navigate(`/subscribe/${plan}`);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
      {PLANS.map(({ plan, price }) => (
        <Card key={plan} variant="outlined" component="section" aria-labelledby={`plan-${plan}`} sx={{ display: 'flex', flexDirection: 'column' }}>
          <CardContent sx={{ flex: 1 }}>
            <Typography variant="h6" component="h3" id={`plan-${plan}`}>
              {translate(`onboarding:plans.${plan}.name`)}
            </Typography>
            <Typography variant="h6" component="p">
              {translate('onboarding:plans.price', { price: price.toFixed(Number.isInteger(price) ? 0 : 2) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(`onboarding:plans.${plan}.text`)}
            </Typography>
            {shop?.plan === plan && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate('onboarding:plans.current')}
              </Typography>
            )}
          </CardContent>
          <CardActions>
            <StepAction
              variant={plan === 'free' ? 'outlined' : 'contained'}
              labelKey={plan === 'free' ? 'onboarding:plans.choose_free' : 'onboarding:plans.choose'}
              options={{ plan: translate(`onboarding:plans.${plan}.name`) }}
              onClick={() => choose(plan)}
            />
          </CardActions>
        </Card>
      ))}
    </Box>
  );
}
