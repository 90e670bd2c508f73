// The step state machine: resume at the first unanswered step, skip and done both move on, the
// next step wraps round to earlier gaps, and the last answer finishes.
import { advance, doneCount, previousStep, resumeStep, STEPS, stepStatus, stepToShow } from '../shared/steps';

test('eleven steps in the order of spec section 2', () => {
  expect(STEPS).toEqual([
    'businessType',
    'sellingMarket',
    'appEmbed',
    'reviewBox',
    'starRating',
    'widgetColor',
    'customerEligibility',
    'requestTiming',
    'discount',
    'oldOrders',
    'planChoice',
  ]);
});

test('a new shop starts at the first step; an interrupted one resumes at its first unanswered step', () => {
  expect(resumeStep({})).toBe('businessType');
  expect(resumeStep({ businessType: true, sellingMarket: false, appEmbed: true })).toBe('reviewBox');
  expect(resumeStep({ businessType: true, reviewBox: true })).toBe('sellingMarket');
  expect(resumeStep(Object.fromEntries(STEPS.map((s) => [s, true])))).toBeNull();
});

test('a skipped step counts as answered but not as done', () => {
  const p = { businessType: true, sellingMarket: false };
  expect(stepStatus(p, 'businessType')).toBe('done');
  expect(stepStatus(p, 'sellingMarket')).toBe('skipped');
  expect(stepStatus(p, 'appEmbed')).toBe('todo');
  expect(doneCount(p)).toBe(1);
});

test('?step= opens any step; nonsense falls back to where to resume, or the last step when all are answered', () => {
  expect(stepToShow({}, 'discount')).toBe('discount');
  expect(stepToShow({ businessType: true }, 'nonsense')).toBe('sellingMarket');
  expect(stepToShow({ businessType: true }, null)).toBe('sellingMarket');
  expect(stepToShow(Object.fromEntries(STEPS.map((s) => [s, false])))).toBe('planChoice');
});

test('done and skip record the step and move to the next unanswered one', () => {
  expect(advance({}, 'businessType', 'done')).toEqual({ patch: { businessType: true }, next: 'sellingMarket' });
  expect(advance({ businessType: true }, 'sellingMarket', 'skipped')).toEqual({ patch: { sellingMarket: false }, next: 'appEmbed' });
  // steps answered out of order are passed over
  expect(advance({ reviewBox: true }, 'appEmbed', 'done').next).toBe('starRating');
});

test('after the last step the flow goes back to a gap, and finishes when none is left', () => {
  const allBut = (missing: string) => Object.fromEntries(STEPS.filter((s) => s !== missing).map((s) => [s, true]));
  expect(advance({ ...allBut('discount'), planChoice: undefined }, 'planChoice', 'done').next).toBe('discount');
  expect(advance(allBut('planChoice'), 'planChoice', 'done')).toEqual({ patch: { planChoice: true }, next: null });
  expect(advance(allBut('planChoice'), 'planChoice', 'skipped').next).toBeNull();
});

test('back goes to the previous step, not before the first', () => {
  expect(previousStep('sellingMarket')).toBe('businessType');
  expect(previousStep('businessType')).toBeNull();
});
