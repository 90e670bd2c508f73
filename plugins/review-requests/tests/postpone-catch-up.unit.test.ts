// The customer's postpone page asks the workflow again while it refuses as not sent yet and the queue row
// says sent (postpone-catch-up.ts); any other refusal, or a row not sent, stands at once.
import { askOnceSent } from '../api/postpone-catch-up';
import { NOT_SENT_YET } from '../workflows/messages';

const refused = (message: string) => Object.assign(new Error('Workflow Update failed'), { cause: new Error(message) });
const fast = { tries: 5, everyMs: 1 };

function answers(...outcomes: (string | Error)[]) {
  const asked: number[] = [];
  const ask = async () => {
    asked.push(asked.length + 1);
    const next = outcomes[asked.length - 1];
    if (next instanceof Error) throw next;
    return next;
  };
  return { ask, asked };
}

test('refused as not sent yet while the row says sent: asked again until the workflow answers', async () => {
  const { ask, asked } = answers(refused(NOT_SENT_YET), refused(NOT_SENT_YET), '2026-12-12T00:00:00.000Z');
  expect(await askOnceSent(ask, async () => true, fast)).toBe('2026-12-12T00:00:00.000Z');
  expect(asked).toHaveLength(3);
});

test('a row not sent, another refusal, or the last try: the refusal stands', async () => {
  const notSent = answers(refused(NOT_SENT_YET), 'never');
  await expect(askOnceSent(notSent.ask, async () => false, fast)).rejects.toMatchObject({ cause: { message: NOT_SENT_YET } });
  expect(notSent.asked).toHaveLength(1);

  const closed = answers(refused('This request can no longer be postponed'), 'never');
  await expect(askOnceSent(closed.ask, async () => true, fast)).rejects.toMatchObject({ cause: { message: 'This request can no longer be postponed' } });
  expect(closed.asked).toHaveLength(1);

  const late = answers(...Array.from({ length: 5 }, () => refused(NOT_SENT_YET)), 'never');
  await expect(askOnceSent(late.ask, async () => true, fast)).rejects.toMatchObject({ cause: { message: NOT_SENT_YET } });
  expect(late.asked).toHaveLength(5);
});
