// A searchable picker of the shop's products over the kernel's /api/shopify/searchProducts: asks
// the store while the list is open, a moment after the last key stroke. Used by the review list's
// product filter, the marketplace import and the export dialog.
import { useEffect, useState } from 'react';
import { Autocomplete, Avatar, Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiJson } from '../api-client';

export interface ProductOption {
  id: string;
  title: string;
  image?: string | null;
}

interface Props {
  value: ProductOption | null;
  onChange: (p: ProductOption | null) => void;
  label: string;
  error?: string;
  width?: number | string;
  /** a thumbnail before each title */
  images?: boolean;
}

export function ProductPicker({ value, onChange, label, error, width = 360, images = false }: Props) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<ProductOption[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    const t = setTimeout(() => {
      const qs = new URLSearchParams({ limit: '20', ...(input && input !== value?.title ? { search: input } : {}) });
      apiJson<{ products: ProductOption[] }>(`/shopify/searchProducts?${qs}`)
        .then((res) => live && setOptions(res.products.map((p) => ({ id: p.id, title: p.title, image: p.image }))))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 250);
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
      loadingText={translate('plaudit.product_picker.loading')}
      noOptionsText={translate('plaudit.product_picker.none')}
      renderOption={
        images
          ? ({ key, ...props }, p) => (
              <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
                <Avatar variant="rounded" src={p.image ?? undefined} alt="" sx={{ width: 28, height: 28 }} />
                {p.title}
              </Box>
            )
          : undefined
      }
      renderInput={(params) => <TextField {...params} size="small" label={label} error={!!error} helperText={error} />}
      sx={{ width: { xs: '100%', sm: width }, '& .MuiFormControl-root': { m: 0 } }}
    />
  );
}
