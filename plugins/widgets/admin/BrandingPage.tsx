// /branding: the look every widget shares (colours, font, dates, reviewer names, custom CSS) and the
// "Powered by" line, previewed on the review box.
import { useTranslate } from 'react-admin';
import { BRANDING_GROUPS } from './fields';
import { SettingsScreen } from './SettingsScreen';

export default function BrandingPage() {
  const translate = useTranslate();
  return <SettingsScreen title={translate('widgets:branding.title')} intro={translate('widgets:branding.text')} groups={BRANDING_GROUPS} preview="branding" />;
}
