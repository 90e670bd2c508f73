// /analytics/email: the request funnel from sent to photo added, sends by channel, reminders,
// failures and skip reasons, unsubscribes, rewards (when installed) and attributed orders.
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AnalyticsFrame } from './AnalyticsFrame';
import { ChartCard } from './ChartCard';
import { ChannelChart, FunnelChart } from './EmailCharts';
import { AttributionPanel, DeliveryPanel, RemindersPanel, RewardsPanel } from './EmailPanels';
import { channelColumns, channelRows, funnelColumns, funnelRows, nothingSent, skipColumns, skipRows } from './email-rows';

const TWO_COLUMNS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };

export default function EmailPage() {
  const translate = useTranslate();
  return (
    <AnalyticsFrame screen="email">
      {(data, fmt) => {
        const funnel = data && funnelRows(data, translate);
        const channels = data && channelRows(data, translate);
        const empty = !!data && nothingSent(data);
        const noneSent = translate('analytics:empty.requests');
        return (
          <>
            <ChartCard
              title={translate('analytics:email.funnel')}
              description={translate('analytics:email.funnel_desc')}
              fileName="request-funnel"
              columns={funnelColumns(fmt, translate)}
              rows={funnel}
              empty={empty}
              emptyText={noneSent}
              height={300}
              chart={(frame) => <FunnelChart rows={funnel!} fmt={fmt} translate={translate} frame={frame} />}
            />
            <Box sx={TWO_COLUMNS}>
              <ChartCard
                title={translate('analytics:email.channels')}
                fileName="requests-by-channel"
                columns={channelColumns(fmt, translate)}
                rows={channels}
                empty={empty}
                emptyText={noneSent}
                height={180}
                chart={(frame) => <ChannelChart rows={channels!} fmt={fmt} translate={translate} frame={frame} />}
              />
              <RemindersPanel data={data} fmt={fmt} />
            </Box>
            <Box sx={TWO_COLUMNS}>
              <ChartCard
                title={translate('analytics:email.skip_reasons')}
                fileName="skip-reasons"
                columns={skipColumns(fmt, translate)}
                rows={data && skipRows(data, translate)}
                emptyText={translate('analytics:empty.skipped')}
              />
              <DeliveryPanel data={data} fmt={fmt} />
            </Box>
            <Box sx={TWO_COLUMNS}>
              {data?.rewards && <RewardsPanel rewards={data.rewards} fmt={fmt} />}
              <AttributionPanel data={data} fmt={fmt} />
            </Box>
          </>
        );
      }}
    </AnalyticsFrame>
  );
}
