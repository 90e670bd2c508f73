// /analytics: the period's figures, each against the previous period (questions when the questions
// plugin is installed), the reviews syndicated now (the syndication plugin), and the ways to the detail screens.
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ATTRIBUTION_WINDOW_DAYS, type OverviewAnswer } from '../shared/api';
import { AnalyticsFrame } from './AnalyticsFrame';
import { SCREEN_PATHS } from './AnalyticsNav';
import { FigureCard } from './FigureCard';
import { SyndicatedCard } from './SyndicatedCard';
import type { Formatters } from './useFormat';

type FigureKey = keyof OverviewAnswer['figures'];

/** The figures in reading order, each with how its value is written. */
const FIGURES: { key: FigureKey; show: (fmt: Formatters) => (v: number | null) => string; lowerIsBetter?: boolean }[] = [
  { key: 'reviews', show: (fmt) => fmt.number },
  { key: 'averageRating', show: (fmt) => fmt.rating },
  { key: 'reviewRate', show: (fmt) => fmt.percent },
  { key: 'photoRate', show: (fmt) => fmt.percent },
  { key: 'videoRate', show: (fmt) => fmt.percent },
  { key: 'requestsSent', show: (fmt) => fmt.number },
  { key: 'medianHoursToReview', show: (fmt) => fmt.hours, lowerIsBetter: true },
  { key: 'attributedOrders', show: (fmt) => fmt.number },
  { key: 'attributedRevenue', show: (fmt) => fmt.money },
];

type Questions = NonNullable<OverviewAnswer['questions']>;
const QUESTION_FIGURES: { key: keyof Questions; name: string }[] = [
  { key: 'asked', name: 'questionsAsked' },
  { key: 'answered', name: 'questionsAnswered' },
];

/** Questions asked and answered: only when the questions plugin is installed (`questions` not null). */
function QuestionFigures({ questions, fmt }: { questions: Questions; fmt: Formatters }) {
  const translate = useTranslate();
  return QUESTION_FIGURES.map(({ key, name }) => (
    <FigureCard key={key} testId={`figure-${name}`} label={translate(`analytics:figure.${name}`)} figure={questions[key]} show={fmt.number} fmt={fmt} />
  ));
}

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } };

function DetailLink({ screen, query }: { screen: 'rating' | 'email'; query: string }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardActionArea component={Link} to={`${SCREEN_PATHS[screen]}?${query}`} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate(`analytics:screen.${screen}`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`analytics:overview.link.${screen}`)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function OverviewPage() {
  const translate = useTranslate();
  return (
    <AnalyticsFrame screen="overview">
      {(data, fmt, query) => (
        <>
          <Box sx={GRID}>
            {FIGURES.map(({ key, show, lowerIsBetter }) => (
              <FigureCard
                key={key}
                testId={`figure-${key}`}
                label={translate(`analytics:figure.${key}`)}
                figure={data?.figures[key]}
                show={show(fmt)}
                fmt={fmt}
                lowerIsBetter={lowerIsBetter}
              />
            ))}
            {data?.questions && <QuestionFigures questions={data.questions} fmt={fmt} />}
            {!!data?.syndicated?.length && <SyndicatedCard channels={data.syndicated} fmt={fmt} />}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {translate('analytics:attribution.how', { days: ATTRIBUTION_WINDOW_DAYS })} {translate('analytics:overview.rate_note')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <DetailLink screen="rating" query={query} />
            <DetailLink screen="email" query={query} />
          </Box>
        </>
      )}
    </AnalyticsFrame>
  );
}
