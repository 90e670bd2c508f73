export { smileReviewPoints } from './points';
