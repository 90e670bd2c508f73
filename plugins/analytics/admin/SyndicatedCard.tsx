// The overview's syndicated reviews (plugins/syndication, issue 34): how many reviews each channel
// holds now. A count at this moment, not of the period, so it has no comparison arrow.
import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OverviewAnswer } from '../shared/api';
import type { Formatters } from './useFormat';

export function SyndicatedCard({ channels, fmt }: { channels: NonNullable<OverviewAnswer['syndicated']>; fmt: Formatters }) {
  const translate = useTranslate();
  return (
    <Card component="section" data-testid="figure-syndicated" sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="body2" component="h2" color="text.secondary">
          {translate('analytics:figure.syndicated')}
        </Typography>
        {channels.map(({ channel, reviews }) => (
          <Typography key={channel} variant="body1" data-testid={`syndicated-${channel}`}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {fmt.number(reviews)}
            </Typography>{' '}
            {translate(`analytics:syndicated.${channel}`)}
          </Typography>
        ))}
        <Typography variant="body2" color="text.secondary">
          {translate('analytics:syndicated.now')}
        </Typography>
      </CardContent>
    </Card>
  );
}
