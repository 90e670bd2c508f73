// Publish, unpublish or delete every selected question at once; a delete asks first (it is for good).
import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { ACTIONS, type Action } from '../shared/question';
import { bulkAction } from './question-api';

export function BulkActions() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('questions');
  const [confirming, setConfirming] = useState(false);

  const run = async (action: Action) => {
    const ids = selectedIds.map(Number);
    try {
      await bulkAction(action, ids);
      notify(`questions:toast.${action}`, { type: 'success', messageArgs: { smart_count: ids.length } });
      unselectAll();
      refresh();
    } catch {
      notify('questions:toast.failed', { type: 'error' });
    }
  };

  return (
    <>
      {ACTIONS.map((a) => (
        <Button key={a} size="small" color={a === 'delete' ? 'error' : 'primary'} onClick={() => (a === 'delete' ? setConfirming(true) : run(a))}>
          {translate(`questions:actions.${a}`)}
        </Button>
      ))}
      <Confirm
        isOpen={confirming}
        title={translate('questions:delete.title')}
        content={translate('questions:delete.text')}
        confirm={translate('questions:actions.delete')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void run('delete');
        }}
      />
    </>
  );
}
