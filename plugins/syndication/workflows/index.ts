export { syndicationBackfill } from './backfill';
