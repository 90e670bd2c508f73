// The delete confirmation says what will happen: reviews go to the recycle bin for the retention
// setting's days and can be restored until then, or (no bin on the plan, or already in the bin)
// are deleted for good.
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
  const { data: bin } = useRecycleBin(!!pending && !pending.fromBin);
  const toBin = !!pending && !pending.fromBin && !!bin?.enabled;
  const content = !pending || pending.fromBin ? 'forever_content' : !bin ? 'checking' : bin.enabled ? 'bin_content' : 'no_bin_content';
  const options = { smart_count: pending?.ids.length ?? 1, days: bin?.retentionDays ?? 30 };
  return (
    <Confirm
      isOpen={!!pending}
      loading={!!pending && !pending.fromBin && !bin}
      title={`reviews:confirm.${toBin ? 'bin_title' : 'forever_title'}`}
      content={`reviews:confirm.${content}`}
      contentTranslateOptions={options}
      confirm={`reviews:confirm.${toBin ? 'bin_action' : 'forever_action'}`}
      confirmColor="warning"
      onConfirm={() => pending && onConfirm(pending.ids)}
      onClose={onClose}
    />
  );
}
