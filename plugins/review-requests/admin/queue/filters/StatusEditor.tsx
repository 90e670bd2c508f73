import { useState } from 'react';
import { Checkbox, FormControlLabel, FormGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { STATUSES } from '../queue-state';

/** The status multi-select: any of the email queue statuses (spec section 4). */
export function StatusEditor({ value, onDraft }: { value: string[]; onDraft: (statuses: string[] | null) => void }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(value);
  const toggle = (status: string) => {
    const next = draft.includes(status) ? draft.filter((s) => s !== status) : STATUSES.filter((s) => s === status || draft.includes(s));
    setDraft(next);
    onDraft(next.length ? next : null);
  };
  return (
    <FormGroup sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}>
      {STATUSES.map((s) => (
        <FormControlLabel
          key={s}
          control={<Checkbox size="small" checked={draft.includes(s)} onChange={() => toggle(s)} />}
          label={translate(`review-requests:status.${s}`)}
        />
      ))}
    </FormGroup>
  );
}
