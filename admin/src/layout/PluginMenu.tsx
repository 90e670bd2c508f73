import { Menu, useTranslate } from 'react-admin';
import { plugins } from 'virtual:plaudit-plugins';
import { composeMenu } from '../menu';
import { isEmbedded } from '../prefix';
import { useShop } from '../shop';

/** The side menu: every plugin's entries that are visible for this shop, in their declared order. */
export function PluginMenu() {
  const translate = useTranslate();
  const { data: shop } = useShop();
  const entries = composeMenu(plugins, { shop, embedded: isEmbedded() });
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('plaudit.menu.dashboard')} />
      {entries.map(({ key, to, labelKey, icon: Icon }) => (
        <Menu.Item key={key} to={to} primaryText={translate(labelKey)} leftIcon={Icon ? <Icon /> : undefined} />
      ))}
    </Menu>
  );
}
