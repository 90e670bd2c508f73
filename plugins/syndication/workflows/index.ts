export { syndicationBackfill } from './backfill';
export { syndicationGoogleBackfill } from './google-backfill';
