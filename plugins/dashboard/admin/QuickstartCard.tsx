import { Card, CardContent, LinearProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import DoneIcon from '@mui/icons-material/CheckCircle';
import TodoIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslate } from 'react-admin';
import { QUICKSTART_STEPS } from './types';

/** Progress through the onboarding steps, from the shop's quickstart map. */
export function QuickstartCard({ done }: { done: Record<string, boolean> }) {
  const translate = useTranslate();
  const count = QUICKSTART_STEPS.filter((s) => done[s]).length;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('dashboard:quickstart.title')}
        </Typography>
        <Typography color="text.secondary" id="quickstart-progress">
          {translate('dashboard:quickstart.progress', { done: count, total: QUICKSTART_STEPS.length })}
        </Typography>
        <LinearProgress variant="determinate" value={(count / QUICKSTART_STEPS.length) * 100} aria-labelledby="quickstart-progress" sx={{ my: 1.5, height: 8, borderRadius: 4 }} />
        <List dense>
          {QUICKSTART_STEPS.map((step) => (
            <ListItem key={step} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>{done[step] ? <DoneIcon color="success" fontSize="small" /> : <TodoIcon fontSize="small" />}</ListItemIcon>
              <ListItemText primary={translate(`dashboard:quickstart.steps.${step}`)} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
