// One plan of the comparison: price for the chosen billing interval, quota, trial, the features its
// tier adds (from the plugins' declarations), and the action that leads to it.
import { Box, Button, Card, CardActions, CardContent, Chip, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslate } from 'react-admin';
import { tierRank, type Interval, type PlanInfo, type SubscriptionInfo } from '../shared/plans';
import { featureLabel } from './feature-label';

interface Props {
  plan: PlanInfo;
  info: SubscriptionInfo;
  interval: Interval;
  highlighted: boolean;
  busy: boolean;
  onChoose(plan: PlanInfo): void;
}

export function PlanCard({ plan, info, interval, highlighted, busy, onChoose }: Props) {
  const translate = useTranslate();
  const current = info.name === plan.name;
  const annual = interval === 'annual' && plan.annualMonthly !== null;
  const perMonth = annual ? plan.annualMonthly! : plan.monthly;
  const features = info.features.filter((f) => f.tier === plan.tier);
  const below = info.plans.filter((p) => tierRank(p.tier) === tierRank(plan.tier) - 1)[0];
  const upgrade = tierRank(plan.tier) > tierRank(info.tier);
  const label = current
    ? interval === 'annual' && info.interval !== 'annual' && plan.annualMonthly !== null
      ? translate('billing:action.switch_annual')
      : translate('billing:plan.current')
    : plan.id === 'free'
      ? translate('billing:action.continue_free')
      : upgrade
        ? translate('billing:action.upgrade')
        : translate('billing:action.downgrade');
  const disabled = busy || (current && !(interval === 'annual' && info.interval !== 'annual' && plan.annualMonthly !== null && info.plan !== 'free'));
  return (
    <Card
      variant="outlined"
      data-testid={`plan-${plan.id}`}
      data-highlighted={highlighted ? 'true' : undefined}
      sx={{
        flex: 1,
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        borderWidth: highlighted ? 2 : 1,
        borderColor: highlighted ? 'primary.main' : current ? 'success.main' : 'divider',
      }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 32 }}>
          <Typography variant="h6" component="h2">
            {plan.name}
          </Typography>
          {current && <Chip size="small" color="success" label={translate('billing:plan.current')} />}
          {highlighted && !current && <Chip size="small" color="primary" label={translate('billing:plan.recommended')} />}
        </Box>
        <Typography variant="h4" component="p" sx={{ my: 1 }}>
          {plan.monthly === 0 ? translate('billing:price.free') : translate('billing:price.month', { price: perMonth.toFixed(perMonth % 1 ? 2 : 0) })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ minHeight: 20 }}>
          {annual
            ? translate('billing:price.billed_yearly', { total: (perMonth * 12).toFixed(2) })
            : plan.trialDays
              ? translate('billing:plan.trial', { days: plan.trialDays })
              : ''}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
          {plan.requestsPerMonth === null ? translate('billing:plan.requests_unlimited') : translate('billing:plan.requests', { count: plan.requestsPerMonth })}
        </Typography>
        {below && features.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('billing:plan.everything_in', { name: below.name })}
          </Typography>
        )}
        <List dense disablePadding>
          {features.map((f) => (
            <ListItem key={f.feature} disableGutters>
              <ListItemIcon sx={{ minWidth: 28 }}>
                <CheckIcon fontSize="small" color="success" />
              </ListItemIcon>
              <ListItemText primary={featureLabel(translate, f.feature)} />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button fullWidth variant={upgrade || highlighted ? 'contained' : 'outlined'} disabled={disabled} onClick={() => onChoose(plan)}>
          {label}
        </Button>
      </CardActions>
    </Card>
  );
}
