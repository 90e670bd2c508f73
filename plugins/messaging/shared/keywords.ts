// Replies that opt a number out of (or back into) a shop's messages. Matched as the whole message,
// trimmed, in any case, as carriers do ("STOP PLEASE" is no keyword).
// - Twilio handles STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT by default, and
//   START, UNSTOP, YES to opt back in (https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out,
//   https://help.twilio.com/articles/223134027); its inbound webhook then also names the
//   `OptOutType` (STOP, START, HELP), which wins over the text.
// - Local equivalents carriers require: ARRET (French, Canada), OPT-OUT, REMOVE, TD (China's 退订)
//   (https://docs.aws.amazon.com/sms-voice/latest/userguide/keywords-required.html).
const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'OPT-OUT', 'REMOVE', 'ARRET', 'ARRÊT', 'TD']);
const OPT_IN = new Set(['START', 'UNSTOP', 'YES']);

export type KeywordAction = 'opt_out' | 'opt_in';

/** What an inbound message asks, if anything: the provider's own verdict first, else the keyword. */
export function keywordAction(body: string, optOutType?: string | null): KeywordAction | undefined {
  const type = optOutType?.toUpperCase();
  if (type === 'STOP') return 'opt_out';
  if (type === 'START') return 'opt_in';
  const word = body.trim().toUpperCase();
  if (OPT_OUT.has(word)) return 'opt_out';
  if (OPT_IN.has(word)) return 'opt_in';
  return undefined;
}
