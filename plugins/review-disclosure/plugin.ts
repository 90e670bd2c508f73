// "How reviews are collected" (issue 34, deliverable 5): a public page per shop stating, from the
// shop's real settings, how its reviews are checked, moderated and rewarded (EU Omnibus Directive),
// linked from the widgets, in the shopper's language. README.md has the reading of the Directive.
import { definePlugin, provide } from '@plaudit/kernel';
import { ImportHistory } from '@plaudit/contracts/imports';
import { LoyaltyPoints } from '@plaudit/contracts/loyalty';
import { ReviewDisclosure } from '@plaudit/contracts/review-disclosure';
import { ReviewPolicy } from '@plaudit/contracts/reviews';
import { RewardTerms } from '@plaudit/contracts/rewards';
import { disclosurePage } from './api/capability';

export default definePlugin({
  id: 'review-disclosure',
  // each optional: without the reviews plugin the page says there are no rules to state; without
  // rewards or a loyalty app, that nothing is offered; without imports, nothing of marketplace filters
  needs: [ReviewPolicy, RewardTerms, LoyaltyPoints, ImportHistory],
  // the widgets link to the page and hand over their "Verified buyer" badge setting
  provides: [provide(ReviewDisclosure, disclosurePage)],
});
