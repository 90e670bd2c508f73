import { useState } from 'react';
import { Confirm, useLogout, useTranslate } from 'react-admin';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import ExitIcon from '@mui/icons-material/PowerSettingsNew';

/** Log-out asks first: 'Are you sure?' / 'You log out from the application' (spec section 2). */
export function ConfirmLogout() {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const translate = useTranslate();
  return (
    <>
      <MenuItem onClick={() => setOpen(true)}>
        <ListItemIcon>
          <ExitIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('ra.auth.logout')}</ListItemText>
      </MenuItem>
      <Confirm isOpen={open} title="plaudit.logout.title" content="plaudit.logout.content" onConfirm={() => logout()} onClose={() => setOpen(false)} />
    </>
  );
}
