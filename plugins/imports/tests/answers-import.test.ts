// Plaudit's export carries the answers to custom questions (plugins/review-questions) in its `answers`
// column; importing such a file into a shop with questions of the same labels records them with the
// imported reviews (a question or choice the shop does not have is left out), through ReviewQuestions.
import { tenantFor } from '@plaudit/kernel/testing';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { PLAUDIT_COLUMNS } from '../export';
import { importFile, importStack, reviewsOf, shopOn, type Stack } from './stack';

jest.setTimeout(120_000);

let stack: Stack;
let close: () => Promise<void>;
beforeAll(async () => ({ stack, close } = await importStack('answers')), 120_000);
afterAll(() => close?.());

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

test("an export's answers column is imported as answers to the shop's questions of the same labels", async () => {
  const shop = await shopOn(stack);
  const fit = await shop.http.post('/api/review-questions', {
    kind: 'scale',
    label: 'How does it fit?',
    points: 5,
    lowLabel: 'Runs small',
    highLabel: 'Runs large',
  });
  const uses = await shop.http.post('/api/review-questions', { kind: 'multiple', label: 'Used for', options: [{ label: 'Work' }, { label: 'Travel' }] });
  const recommend = await shop.http.post('/api/review-questions', { kind: 'yesno', label: 'Would you recommend it?', recommend: true });
  expect([fit.status, uses.status, recommend.status]).toEqual([201, 201, 201]);

  const row = (id: string, content: string, answers: string): string => {
    const cells: Record<string, string> = {
      id,
      productHandle: 'hiking-wool-socks',
      kind: 'product',
      status: 'published',
      rating: '4',
      content,
      firstName: 'Kenji',
      createdAt: '2024-04-01T06:00:00.000Z',
      answers,
    };
    return PLAUDIT_COLUMNS.map((c) => quote(cells[c] ?? '')).join(',');
  };
  const csv = [
    PLAUDIT_COLUMNS.join(','),
    row('1', 'Size M runs small.', 'How does it fit?: Runs small | Used for: Work, Travel | Would you recommend it?: Yes | Skin type: Dry'),
    row('2', 'No answers here.', ''),
    row('3', 'An unknown choice.', 'How does it fit?: Enormous | Would you recommend it?: No'),
  ].join('\n');
  const { run } = await importFile(stack, shop, { name: 'answers.csv', bytes: Buffer.from(csv) });
  expect(run.status).toBe('completed');

  const reviews = await reviewsOf(shop);
  const idOf = (content: string) => reviews.find((r) => r.content === content).id as number;
  const found = await stack.api.runtime.services.capabilities
    .require(ReviewQuestions)
    .answersOf(tenantFor(shop.shop.id, shop.domain), [idOf('Size M runs small.'), idOf('No answers here.'), idOf('An unknown choice.')]);
  expect(found.get(idOf('Size M runs small.'))?.map((a) => [a.label, a.values])).toEqual([
    ['How does it fit?', ['1']],
    ['Used for', ['work', 'travel']],
    ['Would you recommend it?', ['yes']],
  ]);
  expect(found.get(idOf('No answers here.'))).toBeUndefined();
  expect(found.get(idOf('An unknown choice.'))?.map((a) => [a.label, a.values])).toEqual([['Would you recommend it?', ['no']]]);
});
