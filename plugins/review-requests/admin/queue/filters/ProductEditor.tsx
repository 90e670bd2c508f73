import { useState } from 'react';
import { Autocomplete, Avatar, Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import { rememberProduct, shortTitle } from './product-titles';
import { useSearch } from './use-search';

interface Product {
  id: string;
  title: string;
  image: string | null;
}

const searchProducts = (text: string) =>
  apiJson<{ products: Product[] }>(`/shopify/searchProducts?${new URLSearchParams({ limit: '20', ...(text ? { search: text } : {}) })}`).then(
    (r) => r.products,
  );

/** Products from the store's catalogue (GET /api/shopify/searchProducts), several at once. */
export function ProductEditor({ value, onDraft }: { value: { id: string; title: string }[]; onDraft: (ids: string[] | null) => void }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<Product[]>(value.map((v) => ({ ...v, image: null })));
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const { options, loading } = useSearch(open, input, searchProducts);
  return (
    <Autocomplete
      multiple
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={draft}
      onChange={(_e, picked) => {
        picked.forEach(rememberProduct);
        setDraft(picked);
        onDraft(picked.length ? picked.map((p) => p.id) : null);
      }}
      inputValue={input}
      onInputChange={(_e, v, reason) => reason !== 'reset' && setInput(v)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(p) => shortTitle(p.title)}
      filterOptions={(o) => o}
      loading={loading}
      loadingText={translate('review-requests:queue.filters.loading')}
      noOptionsText={translate('review-requests:queue.filters.no_products')}
      renderOption={({ key, ...props }, p) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
          <Avatar variant="rounded" src={p.image ?? undefined} alt="" sx={{ width: 28, height: 28 }} />
          {shortTitle(p.title)}
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={translate('review-requests:queue.filters.product_search')} />}
    />
  );
}
