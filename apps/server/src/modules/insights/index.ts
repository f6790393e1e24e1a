/** The insights module's public entry: sales figures for producers and admins (decision 026). */
export { insightsRefreshJob, refreshInsights } from './insights-refresh';
export { businessInsights } from './business-insights.service';
export { marketplaceInsights } from './marketplace-insights.service';
