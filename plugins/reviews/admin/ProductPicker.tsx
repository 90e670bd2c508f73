// A searchable product picker for the list's product filter, over /api/shopify/searchProducts.
import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';

export interface ProductOption {
  id: string;
  title: string;
}

interface SearchAnswer {
  products: ProductOption[];
}

export function ProductPicker({ value, onChange }: { value: ProductOption | null; onChange: (p: ProductOption | null) => void }) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<ProductOption[]>([]);
  const [loading, setLoading] = useState(false);

  // Asks the store while the list is open, a moment after the last key stroke.
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    const t = setTimeout(() => {
      const qs = new URLSearchParams({ limit: '20', ...(input && input !== value?.title ? { search: input } : {}) });
      apiJson<SearchAnswer>(`/shopify/searchProducts?${qs}`)
        .then((res) => live && setOptions(res.products.map((p) => ({ id: p.id, title: p.title }))))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [open, input, value?.title]);

  return (
    <Autocomplete
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={value}
      onChange={(_e, p) => onChange(p)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(p) => p.title}
      filterOptions={(o) => o}
      loading={loading}
      loadingText={translate('reviews:filters.loading')}
      noOptionsText={translate('reviews:filters.no_products')}
      renderInput={(params) => <TextField {...params} size="small" label={translate('reviews:filters.product')} />}
      sx={{ width: 240, '& .MuiFormControl-root': { m: 0 } }}
    />
  );
}
