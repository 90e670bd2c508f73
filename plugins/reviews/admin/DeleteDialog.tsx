// The delete confirmation says what will happen: reviews go to the recycle bin for the retention
// setting's days and can be restored until then, or (no bin on the plan, or already in the bin)
// are deleted for good. When that cannot be checked, it says so and offers to check again instead
// of leaving both buttons disabled.
import { useQuery } from '@tanstack/react-query';
import { Confirm } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';

export interface PendingDelete {
  ids: number[];
  /** the reviews are in the recycle bin already */
  fromBin: boolean;
}

interface RecycleBin {
  enabled: boolean;
  retentionDays: number;
}

function useRecycleBin(enabled: boolean) {
  return useQuery({
    queryKey: ['reviews', 'recycle-bin'],
    queryFn: async () => (await apiJson<{ data: RecycleBin }>('/reviews/recycle-bin')).data,
    enabled,
    staleTime: 30_000,
  });
}

export function DeleteDialog({ pending, onConfirm, onClose }: { pending: PendingDelete | null; onConfirm: (ids: number[]) => void; onClose: () => void }) {
  const checksBin = !!pending && !pending.fromBin;
  const { data: bin, error, isFetching, refetch } = useRecycleBin(checksBin);
  const failed = checksBin && !bin && !!error;
  const toBin = checksBin && !!bin?.enabled;
  const content = !checksBin ? 'forever_content' : failed ? 'check_failed' : !bin ? 'checking' : bin.enabled ? 'bin_content' : 'no_bin_content';
  const options = { smart_count: pending?.ids.length ?? 1, days: bin?.retentionDays ?? 30, reason: error?.message ?? '' };
  const action = failed ? 'check_again' : toBin ? 'bin_action' : 'forever_action';
  return (
    <Confirm
      isOpen={!!pending}
      loading={checksBin && !bin && (!failed || isFetching)}
      title={`reviews:confirm.${failed ? 'check_failed_title' : toBin ? 'bin_title' : 'forever_title'}`}
      content={`reviews:confirm.${content}`}
      contentTranslateOptions={options}
      confirm={`reviews:confirm.${action}`}
      confirmColor="warning"
      onConfirm={() => (failed ? refetch() : pending && onConfirm(pending.ids))}
      onClose={onClose}
    />
  );
}
