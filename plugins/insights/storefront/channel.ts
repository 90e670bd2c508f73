// The PostgreSQL channel the insights version is announced on (ReviewInsights.channel): the
// migration 20270801090000_insight_versions.ts NOTIFYs it with the shop id at every change of a
// shop's product topic counts, and the widgets' storefront cache LISTENs to it.
export const INSIGHTS_CHANNEL = 'plaudit_insights';
