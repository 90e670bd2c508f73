import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import { useSearch } from './use-search';

const searchCustomers = (text: string) =>
  apiJson<{ data: { displayName: string | null }[] }>(`/shopify/searchCustomers?${new URLSearchParams({ limit: '10', search: text })}`).then((r) => [
    ...new Set(r.data.map((c) => c.displayName ?? '').filter(Boolean)),
  ]);

// Names travel comma-joined (spec section 3): a comma cannot be part of one.
const clean = (name: string) => name.replace(/,/g, ' ').replace(/\s+/g, ' ').trim();

/** Buyer names: typed (Enter adds one) or picked from the store's customers. */
export function BuyerEditor({ value, onDraft }: { value: string[]; onDraft: (names: string[] | null) => void }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(value);
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const { options, loading } = useSearch(open, input, searchCustomers);
  const commit = (names: string[]) => {
    const next = [...new Set(names.map(clean).filter(Boolean))];
    setDraft(next);
    onDraft(next.length ? next : null);
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={draft}
      onChange={(_e, names) => commit(names)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      filterOptions={(o) => o.filter((n) => !draft.includes(n))}
      loading={loading}
      loadingText={translate('review-requests:queue.filters.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('review-requests:queue.filters.buyer_input')}
          helperText={translate('review-requests:queue.filters.buyer_help')}
        />
      )}
    />
  );
}
