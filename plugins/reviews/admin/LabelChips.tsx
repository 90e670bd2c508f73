// Other plugins' labels on a review in the list (contracts/reviews/labels.ts): a "needs a look" flag
// first, filled so it stands out, then the mentions, their tone told by an icon as well as a colour.
import { Box, Chip } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import ThumbDownIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpOutlined';
import { useTranslate } from 'react-admin';
import type { ShownLabel } from '../shared/labels';

/** A label's name in the writing plugin's strings (`<source>:labels.<group>.<key>`), else its key. */
export function useLabelName() {
  const translate = useTranslate();
  return (l: { source: string; group: string; key: string }) => translate(`${l.source}:labels.${l.group}.${l.key}`, { _: l.key });
}

const flagsFirst = (a: ShownLabel, b: ShownLabel) => Number(b.tone === 'flag') - Number(a.tone === 'flag');

export function LabelChips({ labels }: { labels: ShownLabel[] | undefined }) {
  const translate = useTranslate();
  const name = useLabelName();
  if (!labels?.length) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 0.5 }}>
      {[...labels].sort(flagsFirst).map((l) => {
        const key = `${l.source}:${l.group}:${l.key}`;
        if (l.tone === 'flag')
          return (
            <Chip
              key={key}
              size="small"
              color="warning"
              icon={<FlagIcon />}
              label={`${translate('reviews:label_filters.needs_look')}: ${name(l)}`}
              data-testid="review-flag"
            />
          );
        const tone = l.tone === 'positive' || l.tone === 'negative' ? l.tone : undefined;
        return (
          <Chip
            key={key}
            size="small"
            variant="outlined"
            color={tone === 'positive' ? 'success' : tone === 'negative' ? 'error' : 'default'}
            icon={tone === 'positive' ? <ThumbUpIcon /> : tone === 'negative' ? <ThumbDownIcon /> : undefined}
            label={name(l)}
            title={tone && translate(`reviews:label_filters.${tone}`)}
            data-testid="review-label"
            data-tone={tone ?? ''}
          />
        );
      })}
    </Box>
  );
}
