// /analytics/email: the request funnel from sent to photo added, the funnel of each channel (email, SMS,
// WhatsApp, push) and what the text messages cost, reminders,
// failures and skip reasons, unsubscribes, rewards (when installed) and attributed orders.
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AnalyticsFrame } from './AnalyticsFrame';
import { ChartCard } from './ChartCard';
import { ChannelFunnelChart, FunnelChart } from './EmailCharts';
import { AttributionPanel, DeliveryPanel, RemindersPanel, RewardsPanel } from './EmailPanels';
import { channelFunnelColumns, channelFunnelRows, costColumns, costRows } from './channel-rows';
import { funnelColumns, funnelRows, nothingSent, skipColumns, skipRows } from './email-rows';

const TWO_COLUMNS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };

export default function EmailPage() {
  const translate = useTranslate();
  return (
    <AnalyticsFrame screen="email">
      {(data, fmt) => {
        const funnel = data && funnelRows(data, translate);
        const channels = data && channelFunnelRows(data, translate);
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
            <ChartCard
              title={translate('analytics:email.channels')}
              description={translate('analytics:email.channels_desc')}
              fileName="funnel-by-channel"
              columns={channelFunnelColumns(fmt, translate)}
              rows={channels}
              empty={empty}
              emptyText={noneSent}
              height={280}
              note={translate('analytics:email.channels_note')}
              chart={(frame) => <ChannelFunnelChart rows={channels!} fmt={fmt} translate={translate} frame={frame} />}
            />
            {data?.costs !== null && (
              <ChartCard
                title={translate('analytics:costs.title')}
                description={translate('analytics:costs.desc')}
                fileName="message-costs"
                columns={costColumns(fmt, translate)}
                rows={data && costRows(data, translate)}
                empty={!!data && !data.costs?.some((c) => c.messages > 0)}
                emptyText={translate('analytics:costs.none')}
                note={translate('analytics:costs.how')}
              />
            )}
            <Box sx={TWO_COLUMNS}>
              <RemindersPanel data={data} fmt={fmt} />
              <ChartCard
                title={translate('analytics:email.skip_reasons')}
                fileName="skip-reasons"
                columns={skipColumns(fmt, translate)}
                rows={data && skipRows(data, translate)}
                emptyText={translate('analytics:empty.skipped')}
              />
            </Box>
            <Box sx={TWO_COLUMNS}>
              <DeliveryPanel data={data} fmt={fmt} />
              <AttributionPanel data={data} fmt={fmt} />
            </Box>
            {data?.rewards && (
              <Box sx={TWO_COLUMNS}>
                <RewardsPanel rewards={data.rewards} fmt={fmt} />
              </Box>
            )}
          </>
        );
      }}
    </AnalyticsFrame>
  );
}
