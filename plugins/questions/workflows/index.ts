// The questions plugin's workflows: the merchant's hourly digest (digest.ts).
export { questionDigest } from './digest';
