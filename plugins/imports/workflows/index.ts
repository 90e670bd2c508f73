export { importReviews } from './import';
