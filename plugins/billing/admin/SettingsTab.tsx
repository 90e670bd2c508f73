// /settings/subscription: the same plans, inside the settings page.
import { PlansPanel } from './PlansPanel';

export default function SettingsTab() {
  return <PlansPanel />;
}
