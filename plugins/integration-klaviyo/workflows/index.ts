export { klaviyoDeliver } from './deliver';
