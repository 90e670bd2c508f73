export { rewardReview } from './reward';
