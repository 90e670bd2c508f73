// The onboarding flow's server side: the discount step sets up the reward through the rewards
// plugin's RewardSetup capability (optional: without it the step says rewards are not installed).
import { definePlugin } from '@plaudit/kernel';
import { RewardSetup } from '@plaudit/contracts/rewards';

export default definePlugin({
  id: 'onboarding',
  needs: [RewardSetup],
});
