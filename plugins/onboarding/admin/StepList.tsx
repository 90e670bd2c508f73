import { List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import DoneIcon from '@mui/icons-material/CheckCircle';
import SkippedIcon from '@mui/icons-material/SkipNext';
import TodoIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslate } from 'react-admin';
import { STEPS, stepStatus, type Progress, type Step } from '../shared/steps';

const ICONS = {
  done: <DoneIcon color="success" fontSize="small" />,
  skipped: <SkippedIcon color="disabled" fontSize="small" />,
  todo: <TodoIcon fontSize="small" />,
};

/** Every step with its state; any can be opened (the flow is resumable at any step). */
export function StepList({ progress, current, onOpen }: { progress: Progress; current: Step; onOpen: (step: Step) => void }) {
  const translate = useTranslate();
  return (
    <List dense component="nav" aria-label={translate('onboarding:steps_label')} sx={{ display: { xs: 'none', md: 'block' }, alignSelf: 'start' }}>
      {STEPS.map((step, i) => {
        const status = stepStatus(progress, step);
        return (
          <ListItemButton key={step} selected={step === current} aria-current={step === current ? 'step' : undefined} onClick={() => onOpen(step)}>
            <ListItemIcon sx={{ minWidth: 32 }}>{ICONS[status]}</ListItemIcon>
            <ListItemText
              primary={`${i + 1}. ${translate(`onboarding:steps.${step}.short`)}`}
              secondary={status === 'todo' ? undefined : translate(`onboarding:status.${status}`)}
            />
          </ListItemButton>
        );
      })}
    </List>
  );
}
