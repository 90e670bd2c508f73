// The customer has the request mail (and the queue row says sent) a moment before the order's workflow has
// taken the send activity's answer; until then the postpone update is refused as not sent yet (CI saw a
// 409 "can no longer be postponed" there, on a busy worker). The page asks again meanwhile.
import { setTimeout } from 'node:timers/promises';
import { NOT_SENT_YET } from '../workflows/messages';
import { refusalText } from './refusal';

/** How often, and how far apart, the page asks again while the workflow has not yet taken the send's answer. */
export const CATCH_UP = { tries: 10, everyMs: 300 };

/** The update's answer, asked again while it is refused as not sent yet and the row says sent; then its refusal stands. */
export async function askOnceSent<T>(ask: () => Promise<T>, sent: () => Promise<boolean>, catchUp = CATCH_UP): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ask();
    } catch (err) {
      if (attempt >= catchUp.tries || refusalText(err) !== NOT_SENT_YET || !(await sent())) throw err;
      await setTimeout(catchUp.everyMs);
    }
  }
}
