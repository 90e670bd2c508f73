// /display-settings/<screen>: one widget's settings with its live preview. The screen comes from
// the path (the manifest registers one route per key of SCREENS).
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { SCREENS } from '../shared/screens';
import { widgetGroups } from './fields';
import { SettingsScreen } from './SettingsScreen';

export default function WidgetScreen() {
  const translate = useTranslate();
  const screen = useLocation().pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  const widget = Object.hasOwn(SCREENS, screen) ? SCREENS[screen] : undefined;
  // An unknown screen is a page that cannot render: the shell shows its not-found page.
  if (!widget) throw new Error(`No display-settings screen "${screen}"`);
  return (
    <SettingsScreen
      key={screen}
      title={translate(`widgets:screen.${screen}.title`)}
      intro={translate(`widgets:screen.${screen}.text`)}
      groups={widgetGroups(widget)}
      preview={widget}
      widget={widget}
      back={{ to: '/display-settings', label: translate('widgets:hub.title') }}
    />
  );
}
