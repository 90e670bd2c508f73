// What the analytics plugin reads from the plugins that own the facts (issue 18): each source's
// shape is @plaudit/contracts/analytics' AnalyticsSource, extended in its provider's contract;
// analytics never reads their tables. The rollups are theirs to compute, ours to keep: a source
// answers "what are the facts of these local days", analytics stores them per day.
/**
 * The metric names each source reports (the screens read these). Counts unless said otherwise.
 * reviews:  reviews.count, reviews.rating_sum, reviews.stars1..reviews.stars5, reviews.with_photo,
 *           reviews.with_video, reviews.source.<customer|imported|marketplace|qr|guest|admin>
 *           (keyed by the review's created_at; reviews in the trash are not counted)
 * requests: requests.sent.email, requests.sent.push, requests.opened, requests.clicked,
 *           requests.reviewed, requests.photo, requests.reminded, requests.reviewed_after_reminder,
 *           requests.failed, requests.skipped.<reason>, requests.ttr.<bucket> (time from send to
 *           review, buckets of TIME_TO_REVIEW in @plaudit/contracts/review-requests), requests.unsubscribed
 *           (a request's facts are keyed by the day it was sent, else the day it was queued: a cohort);
 *           requests.started (a star clicked), and per channel (issue 32: email, sms, whatsapp, push)
 *           requests.channel.<channel>.<sent|delivered|clicked|started|reviewed>
 * messages (plugins/messaging, its MessagingAnalytics capability; by the day the provider accepted the
 *           message): messages.sent.<channel>, messages.priced.<channel>.<currency>,
 *           messages.cost_micros.<channel>.<currency> (millionths: the rollups keep 2 decimals),
 *           messages.billable.<channel>.<category> (Meta: no amount), messages.free.<channel>
 * rewards:  rewards.sent (by sent_at), rewards.used (by used_at)
 * questions: questions.asked (by the question's created_at), questions.answered (questions with a
 *           published answer, by answered_at: the date of the first one)
 * orders (analytics' own): orders.attributed, orders.attributed_revenue, orders.reward,
 *           orders.reward_revenue (by the order's created_at)
 */
