import type { ComponentType } from 'react';
import { NavLink } from 'react-router-dom';

export interface MenuLinkProps {
  to: string;
  label: string;
  icon?: ComponentType;
  /** the menu shows icons only: the label becomes the link's tooltip */
  folded: boolean;
  /** after the link is followed (a phone closes the menu) */
  onChoose?: () => void;
  /** given by MUI's MenuList to the item that takes the keyboard focus */
  tabIndex?: number;
}

/** The class the menu's one style rule gives every link (PluginMenu's MENU_STYLE). */
export const MENU_LINK = 'plaudit-menu-link';

/**
 * One entry of the side menu: a plain link with the menu-item role, styled by its menu's single rule.
 * react-admin's Menu.Item wraps each entry in MUI's MenuItem, ListItemIcon and Typography, with two
 * media queries, a keyboard-shortcut hook and a tooltip each: about a fifth of the shell's first
 * render at 4x CPU for ~15 entries (issue 36, docs/admin-speed.md).
 */
export function MenuLink({ to, label, icon: Icon, folded, onChoose, tabIndex = -1 }: MenuLinkProps) {
  return (
    <NavLink to={to} end={to === '/'} role="menuitem" className={MENU_LINK} title={folded ? label : undefined} tabIndex={tabIndex} onClick={onChoose}>
      {Icon && (
        <span className={`${MENU_LINK}-icon`} aria-hidden="true">
          <Icon />
        </span>
      )}
      <span className={`${MENU_LINK}-label`}>{label}</span>
    </NavLink>
  );
}
