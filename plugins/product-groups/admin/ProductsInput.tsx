// The group's products: chosen from the store's catalogue as the merchant types (the kernel's
// /api/shopify/searchProducts, as the other product pickers read it), kept with their titles so the
// list and the server's messages can name them.
import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { apiJson } from '@plaudit/kernel/admin';
import { useInput } from 'react-admin';
import type { ProductGroup } from '../shared/group';

type Product = ProductGroup['products'][number];

/** The catalogue's products whose title holds `search`, a short while after the merchant stops typing. */
function useCatalogue(search: string, opened: boolean): { products: Product[]; loading: boolean } {
  const [products, setProducts] = useState<Product[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!opened) return;
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      apiJson<{ products: Product[] }>(`/shopify/searchProducts?${new URLSearchParams({ search, limit: '50' })}`)
        .then((r) => live && setProducts(r.products.map((p) => ({ id: p.id, title: p.title }))))
        .catch(() => live && setProducts([]))
        .finally(() => live && setLoading(false));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, opened]);
  return { products, loading };
}

export function ProductsInput({ source, label, helperText, noOptions }: { source: string; label: string; helperText: string; noOptions: string }) {
  const { field, fieldState } = useInput<Product[]>({ source });
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const { products, loading } = useCatalogue(search, opened);
  const error = fieldState.error?.message;
  return (
    <Autocomplete
      multiple
      fullWidth
      sx={{ maxWidth: 640, mb: 2 }}
      options={products}
      value={field.value ?? []}
      loading={loading}
      onOpen={() => setOpened(true)}
      filterOptions={(x) => x}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(p) => p.title || p.id}
      noOptionsText={noOptions}
      onChange={(_, chosen) => field.onChange(chosen)}
      onInputChange={(_, text, reason) => reason === 'input' && setSearch(text)}
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error ?? helperText} onBlur={field.onBlur} />}
    />
  );
}
