// Files the API streams (the export as CSV or XLSX, a run's error report), saved byte for byte by the
// kernel's apiDownload.
import { apiDownload } from '@plaudit/kernel/admin';
import type { ImportRun } from './api';

export const downloadFile = (path: string, fallbackName: string) => apiDownload(path, fallbackName);

/** A run's error report (line, column, reason), as the server names it. */
export const downloadErrorReport = (run: ImportRun) => downloadFile(`/imports/${run.id}/errors.csv`, `import-${run.id}-errors.csv`);
