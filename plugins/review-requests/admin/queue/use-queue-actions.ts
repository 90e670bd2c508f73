import { useNotify } from 'react-admin';
import { queueApi, type QueueRow } from './queue-api';

// Runs a row or bulk action with spec section 8's toasts, then tells the page what was done.
/** Bulk calls answer 200 with success false when some workflows refused: the message says which. */
async function okOrThrow(call: Promise<{ success: boolean; message: string }>) {
  const r = await call;
  if (!r.success) throw new Error(r.message);
}

/** The actions after which the list reloads with filters and paging reset (spec section 4). */
export const RESETTING = ['cancel', 'resend', 'sendAnyway', 'bulkResend'];
/** The actions that change the rows' status (the list waits for it to show). */
export const STATUS_CHANGING = [...RESETTING, 'skip'];

export function useQueueActions(done: (action: string, rows: QueueRow[]) => void) {
  const notify = useNotify();
  const run = async (action: string, rows: QueueRow[]) => {
    const ids = rows.map((r) => r.id);
    try {
      if (action === 'cancel') await queueApi.cancel(ids[0]);
      else if (action === 'resend') await queueApi.resend(ids[0]);
      else if (action === 'sendAnyway') await queueApi.sendAnyway(ids);
      else if (action === 'skip') await queueApi.skip(ids);
      else if (action === 'block') await queueApi.block(ids);
      else if (action === 'bulkResend') await okOrThrow(queueApi.bulkResend(ids));
      else if (action === 'push') await queueApi.push(ids[0]);
      else if (action === 'unblock') await queueApi.unblock(rows.map((r) => r.shopifyCustomerId ?? r.customerEmail ?? '').filter(Boolean));
      notify(`review-requests:toast.${action}_done`, { type: 'success' });
      done(action, rows);
    } catch (error) {
      notify((error as Error).message || `review-requests:toast.${action}_failed`, { type: 'error' });
    }
  };
  return run;
}
