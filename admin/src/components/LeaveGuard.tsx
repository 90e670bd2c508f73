// Leaving an editing screen (settings, template editors) with unsaved changes asks first (spec
// section 2: 'Discard all unsaved changes', leave page / cancel). The admin runs in a BrowserRouter
// (no data router, so no useBlocker): while the form is dirty the router's navigator holds every
// in-app navigation until the merchant answers; reloading or closing the tab gets the browser's own
// prompt. Strings: plaudit.leave.* in the kernel locales.
import { useContext, useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { UNSAFE_NavigationContext } from 'react-router-dom';

type Go = (...args: unknown[]) => void;

/** Render anywhere on the screen; `dirty` says whether there is something to lose. */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const translate = useTranslate();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const nav = navigator as unknown as { push: Go; replace: Go };
    const { push, replace } = nav;
    nav.push = (...args) => setPending(() => () => push.apply(nav, args));
    nav.replace = (...args) => setPending(() => () => replace.apply(nav, args));
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      nav.push = push;
      nav.replace = replace;
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty, navigator]);

  const leave = () => {
    const go = pending;
    setPending(null);
    go?.();
  };

  return (
    <Dialog open={!!pending} onClose={() => setPending(null)} aria-labelledby="leave-guard-title">
      <DialogTitle id="leave-guard-title">{translate('plaudit.leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('plaudit.leave.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setPending(null)}>{translate('plaudit.leave.cancel')}</Button>
        <Button color="error" variant="contained" onClick={leave}>
          {translate('plaudit.leave.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
