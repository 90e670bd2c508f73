// The settings tab "translations": the same two sections, under the settings page's own heading.
import TranslationsPage from './TranslationsPage';

export default function SettingsTab() {
  return <TranslationsPage inSettings />;
}
