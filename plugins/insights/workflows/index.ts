// The insights plugin's workflows: a shop's changes read in batches (shop.ts) and the full rebuild (rebuild.ts).
export { insightsShop } from './shop';
export { insightsRebuild } from './rebuild';
