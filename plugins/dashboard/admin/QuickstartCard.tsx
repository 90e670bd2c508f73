import { Button, Card, CardContent, LinearProgress, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import DoneIcon from '@mui/icons-material/CheckCircle';
import SkippedIcon from '@mui/icons-material/SkipNext';
import TodoIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { QUICKSTART_STEPS } from '@plaudit/contracts/onboarding';

/**
 * Progress through the onboarding steps, from the shop's quickstart map (true done, false skipped).
 * With an onboarding flow installed (its card in the 'quickstart' zone names its path), each step
 * opens the flow at that step.
 */
export function QuickstartCard({ done, flow }: { done: Record<string, boolean>; flow?: string }) {
  const translate = useTranslate();
  const count = QUICKSTART_STEPS.filter((s) => done[s]).length;
  const icon = (step: string) =>
    done[step] === true ? (
      <DoneIcon color="success" fontSize="small" />
    ) : done[step] === false ? (
      <SkippedIcon color="disabled" fontSize="small" />
    ) : (
      <TodoIcon fontSize="small" />
    );
  const row = (step: string, content: ReactNode) =>
    flow ? (
      <ListItemButton key={step} component={Link} to={`${flow}?step=${step}`} sx={{ borderRadius: 1 }}>
        {content}
      </ListItemButton>
    ) : (
      <ListItem key={step} disableGutters>
        {content}
      </ListItem>
    );
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('dashboard:quickstart.title')}
        </Typography>
        <Typography color="text.secondary" id="quickstart-progress">
          {translate('dashboard:quickstart.progress', { done: count, total: QUICKSTART_STEPS.length })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(count / QUICKSTART_STEPS.length) * 100}
          aria-labelledby="quickstart-progress"
          sx={{ my: 1.5, height: 8, borderRadius: 4 }}
        />
        {flow && count < QUICKSTART_STEPS.length && (
          <Button component={Link} to={flow} variant="contained" size="small" sx={{ mb: 1 }}>
            {translate('dashboard:quickstart.continue')}
          </Button>
        )}
        <List dense>
          {QUICKSTART_STEPS.map((step) =>
            row(
              step,
              <>
                <ListItemIcon sx={{ minWidth: 32 }}>{icon(step)}</ListItemIcon>
                <ListItemText
                  primary={translate(`dashboard:quickstart.steps.${step}`)}
                  secondary={done[step] === false ? translate('dashboard:quickstart.skipped') : undefined}
                />
              </>,
            ),
          )}
        </List>
      </CardContent>
    </Card>
  );
}
