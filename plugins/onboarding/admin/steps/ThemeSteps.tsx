import { Alert, Box, Button, Chip, Stack } from '@mui/material';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { ThemeStatus } from '../../shared/theme';
import { getJson } from '../api';
import { StepAction } from '../StepAction';
import type { StepProps } from '../types';

type Piece = 'appEmbed' | 'reviewBox' | 'starRating';

function isOn(status: ThemeStatus | undefined, piece: Piece): boolean {
  if (!status?.available) return false;
  return piece === 'appEmbed' ? !!status.appEmbed?.enabled : !!status[piece]?.placed;
}

/**
 * A piece of the theme app extension: its state in the live theme, the theme editor deep link
 * that places it (the merchant saves there), and a check that reads the theme again.
 */
function ThemePieceStep({ piece, complete }: StepProps & { piece: Piece }) {
  const translate = useTranslate();
  const { data, refetch, isFetching, isError } = useQuery({
    queryKey: ['onboarding', 'theme'],
    queryFn: () => getJson<ThemeStatus>('/onboarding/theme'),
    refetchOnWindowFocus: true,
  });
  const on = isOn(data, piece);
  const link = data?.[piece]?.link;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {data?.available && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }} role="status" aria-live="polite">
          <Chip color={on ? 'success' : 'default'} label={translate(`onboarding:theme.${piece}.${on ? 'on' : 'off'}`, { theme: data.themeName })} />
        </Stack>
      )}
      {(isError || data?.available === false) && <Alert severity="warning">{translate('onboarding:theme.unavailable')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        {link && !on && (
          <Button variant="outlined" href={link} target="_blank" rel="noopener" endIcon={<OpenIcon />}>
            {translate(`onboarding:theme.${piece}.open`)}
          </Button>
        )}
        <StepAction variant="text" labelKey="onboarding:theme.check" onClick={() => refetch()} disabled={isFetching} />
        <StepAction labelKey="onboarding:continue" onClick={() => complete()} disabled={!on} />
      </Stack>
      {!on && data?.available && <Alert severity="info">{translate(`onboarding:theme.${piece}.how`)}</Alert>}
    </Box>
  );
}

export const AppEmbedStep = (p: StepProps) => <ThemePieceStep {...p} piece="appEmbed" />;
export const ReviewBoxStep = (p: StepProps) => <ThemePieceStep {...p} piece="reviewBox" />;
export const StarRatingStep = (p: StepProps) => <ThemePieceStep {...p} piece="starRating" />;
