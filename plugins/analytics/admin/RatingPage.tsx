// /analytics/rating: the average over time, the 5-to-1 star distribution over time, reviews by
// source, the positive and negative shares, the best and worst rated products, the complaints by
// topic rising and falling (with the insights plugin) and the custom questions' answers.
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MIN_PRODUCT_REVIEWS, type RatingAnswer } from '../shared/api';
import { AnalyticsFrame } from './AnalyticsFrame';
import { ChartCard } from './ChartCard';
import { AverageChart, DistributionChart, SourceChart } from './RatingCharts';
import { SharesCard } from './SharesCard';
import { TopicCards } from './TopicCards';
import { HorizontalBars } from './HorizontalBars';
import type { AnswerDistribution } from '@plaudit/contracts/review-questions';
import { distributionColumns, noReviews, productColumns, productRows, ratingColumns, ratingRows, sourceColumns, sourceRows } from './rating-rows';
import type { Formatters, Translate } from './formatters';

const TWO_COLUMNS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };

function ProductRanking({ which, data, fmt, translate }: { which: 'best' | 'worst'; data?: RatingAnswer; fmt: Formatters; translate: Translate }) {
  const range = data?.productRange;
  const differs = data && range && (range.from !== data.from || range.to !== data.to);
  return (
    <ChartCard
      title={translate(`analytics:rating.${which}`)}
      fileName={`${which}-products`}
      description={translate('analytics:rating.ranking_rule', { count: MIN_PRODUCT_REVIEWS })}
      columns={productColumns(fmt, translate)}
      rows={data && productRows(data[which])}
      emptyText={translate('analytics:empty.products', { count: MIN_PRODUCT_REVIEWS })}
      note={differs ? translate('analytics:rating.product_range', { range: fmt.range(range.from, range.to) }) : undefined}
    />
  );
}

/** One custom question's answers in the period (plugins/review-questions): bars with their counts, or the table. */
function QuestionCard({ d, fmt, translate }: { d: AnswerDistribution; fmt: Formatters; translate: Translate }) {
  const rows = d.counts.map((c) => ({ answer: c.label, reviews: c.count }));
  const columns = [
    { key: 'answer', label: translate('analytics:column.answer') },
    { key: 'reviews', label: translate('analytics:column.reviews'), numeric: true, format: (v: unknown) => fmt.number(v as number) },
  ];
  return (
    <ChartCard
      title={d.question.label}
      description={translate('analytics:rating.answers_desc', { count: d.total })}
      fileName={`answers-${d.question.id}`}
      columns={columns}
      rows={rows}
      emptyText={translate('analytics:empty.reviews')}
      height={Math.max(160, 40 * rows.length)}
      chart={(frame) => (
        <HorizontalBars rows={rows} fmt={fmt} frame={frame} categoryKey="answer" valueKey="reviews" label={translate('analytics:column.reviews')} />
      )}
    />
  );
}

export default function RatingPage() {
  const translate = useTranslate();
  return (
    <AnalyticsFrame screen="rating">
      {(data, fmt) => {
        const rows = data && ratingRows(data);
        const sources = data && sourceRows(data, translate);
        const empty = !!data && noReviews(data);
        const emptyText = translate('analytics:empty.reviews');
        return (
          <>
            <ChartCard
              title={translate('analytics:rating.average')}
              description={translate('analytics:rating.average_desc')}
              fileName="average-rating"
              columns={data ? ratingColumns(data, fmt, translate) : []}
              rows={rows}
              empty={empty}
              emptyText={emptyText}
              chart={(frame) => <AverageChart answer={data!} rows={rows!} fmt={fmt} translate={translate} frame={frame} />}
            />
            <ChartCard
              title={translate('analytics:rating.distribution')}
              description={translate('analytics:rating.distribution_desc')}
              fileName="rating-distribution"
              columns={data ? distributionColumns(data, fmt, translate) : []}
              rows={rows}
              empty={empty}
              emptyText={emptyText}
              height={320}
              chart={(frame) => <DistributionChart answer={data!} rows={rows!} fmt={fmt} translate={translate} frame={frame} />}
            />
            <Box sx={TWO_COLUMNS}>
              <ChartCard
                title={translate('analytics:rating.sources')}
                fileName="reviews-by-source"
                columns={sourceColumns(fmt, translate)}
                rows={sources}
                empty={empty}
                emptyText={emptyText}
                height={260}
                chart={(frame) => <SourceChart rows={sources!} fmt={fmt} translate={translate} frame={frame} />}
              />
              <SharesCard data={data} fmt={fmt} />
            </Box>
            <Box sx={TWO_COLUMNS}>
              <ProductRanking which="best" data={data} fmt={fmt} translate={translate} />
              <ProductRanking which="worst" data={data} fmt={fmt} translate={translate} />
            </Box>
            <TopicCards data={data} fmt={fmt} translate={translate} />
            {data?.questions.length ? (
              <Box sx={TWO_COLUMNS}>
                {data.questions.map((d) => (
                  <QuestionCard key={d.question.id} d={d} fmt={fmt} translate={translate} />
                ))}
              </Box>
            ) : null}
          </>
        );
      }}
    </AnalyticsFrame>
  );
}
