// The groups as a CSV of group,productId, both ways, through the imports plugin's calls
// (GET /api/imports/export?content=groups, POST /api/imports/groups): a download, and an upload that
// writes the file's groups as manual groups and says what it did and what it refused.
import { useRef, useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { apiDownload, apiJson } from '@plaudit/kernel/admin';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { GroupImportResult } from '@plaudit/contracts/product-groups';

/** A group file is at most 200 groups of 50 products: far below the API's 1 MB JSON body. */
const MAX_BYTES = 1_000_000;

export function GroupCsvButtons() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`product-groups:admin.csv.${key}`, options);
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const download = () => apiDownload('/imports/export?content=groups', 'product-groups.csv').catch(() => notify(t('failed'), { type: 'error' }));
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) return notify(t('too_big'), { type: 'error' });
    setBusy(true);
    try {
      const { data } = await apiJson<{ data: GroupImportResult }>('/imports/groups', { method: 'POST', body: JSON.stringify({ csv: await file.text() }) });
      const done = t('imported', { created: data.created, updated: data.updated });
      // each refusal named: the group, the product, and why (the server's English text)
      const refused = data.errors.map((e) => `${e.group}${e.productId ? ` (${e.productId})` : ''}: ${e.message}`);
      notify(refused.length ? `${done} ${t('refused', { smart_count: refused.length })} ${refused.slice(0, 5).join('; ')}` : done, {
        type: refused.length ? 'warning' : 'success',
        autoHideDuration: refused.length ? 15_000 : 5_000,
      });
      refresh();
    } catch {
      notify(t('failed'), { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <Button size="small" startIcon={<DownloadIcon />} onClick={download}>
        {t('download')}
      </Button>
      <Button size="small" startIcon={<UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
        {t('upload')}
      </Button>
      <input ref={input} type="file" accept=".csv,text/csv" hidden aria-label={t('upload')} onChange={(e) => upload(e.target.files?.[0])} />
    </>
  );
}
