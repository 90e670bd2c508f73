// The testimonial's pickers: products from the shop's catalogue (/api/shopify/searchProducts) and
// reviews from the shop's published ones (/api/reviews, the moderation list). Both search as the
// merchant types and keep labels for what is already chosen.
import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { apiJson } from '@plaudit/kernel/admin';
import type { PublicReview } from '../shared/widget-types';

interface Product {
  id: string;
  title: string;
}

/**
 * The fields of the reviews plugin's /api/reviews rows the picker and the preview read (written
 * here, not imported: plugins never import each other): what the storefront shows, plus the raw
 * name and reply asPublic turns into `author` and `reply`. Without the reviews plugin the list
 * answers 404 and the picker offers nothing.
 */
export type ListedReview = Omit<PublicReview, 'author' | 'reply' | 'updatedAt'> & {
  firstName: string | null;
  lastName: string | null;
  replyContent: string | null;
  repliedAt: string | null;
};

/** As the storefront would show it: first name and last initial, no email. */
export function asPublic(r: ListedReview): PublicReview {
  const author = [r.firstName, r.lastName ? `${r.lastName.trim()[0]}.` : null].filter(Boolean).join(' ') || '—';
  const { firstName: _f, lastName: _l, replyContent, repliedAt, ...rest } = r;
  return { ...rest, author, reply: replyContent ? { content: replyContent, at: repliedAt ?? r.createdAt } : null, updatedAt: r.createdAt };
}

/** Waits for the merchant to stop typing before searching. */
function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

interface SearchedMultiSelectProps<K> {
  label: string;
  noOptions: string;
  options: K[];
  value: K[];
  loading: boolean;
  optionLabel: (id: K) => string;
  onChange: (ids: K[]) => void;
  /** what the merchant typed (not the text the list puts in after a choice) */
  onInput: (text: string) => void;
  onOpen?: () => void;
}

/** A multi-select whose options the server searches: shown as they come, chosen ones left out. */
function SearchedMultiSelect<K extends string | number>({
  label,
  noOptions,
  options,
  value,
  loading,
  optionLabel,
  onChange,
  onInput,
  onOpen,
}: SearchedMultiSelectProps<K>) {
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={value}
      loading={loading}
      onOpen={onOpen}
      filterOptions={(x) => x}
      filterSelectedOptions
      noOptionsText={noOptions}
      getOptionLabel={optionLabel}
      onChange={(_, ids) => onChange(ids)}
      onInputChange={(_, v, reason) => reason === 'input' && onInput(v)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

export function ProductPicker({ label, value, onChange, noOptions }: { label: string; value: string[]; onChange: (ids: string[]) => void; noOptions: string }) {
  const [input, setInput] = useState('');
  const search = useDebounced(input);
  const [options, setOptions] = useState<string[]>([]);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  // Searches once the list is opened (or, for chosen products' titles, at once).
  const [opened, setOpened] = useState(value.length > 0);
  useEffect(() => {
    if (!opened) return;
    let live = true;
    setLoading(true);
    apiJson<{ products: Product[] }>(`/shopify/searchProducts?${new URLSearchParams({ search, limit: '50' })}`)
      .then((r) => {
        if (!live) return;
        setOptions(r.products.map((p) => p.id));
        setTitles((t) => ({ ...t, ...Object.fromEntries(r.products.map((p) => [p.id, p.title])) }));
      })
      .catch(() => live && setOptions([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [search, opened]);
  return (
    <SearchedMultiSelect
      label={label}
      noOptions={noOptions}
      options={options}
      value={value}
      loading={loading}
      onOpen={() => setOpened(true)}
      optionLabel={(id) => titles[id] ?? id.replace(/^gid:\/\/shopify\/Product\//, '#')}
      onChange={onChange}
      onInput={setInput}
    />
  );
}

function reviewLabel(r: ListedReview | undefined, id: number): string {
  if (!r) return `#${id}`;
  const text = (r.title || r.content).replace(/\s+/g, ' ');
  return `${'★'.repeat(r.rating)} ${asPublic(r).author}: ${text.length > 60 ? `${text.slice(0, 57)}…` : text}`;
}

export function ReviewPicker({
  label,
  value,
  onChange,
  onChosen,
  noOptions,
}: {
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  onChosen: (reviews: PublicReview[]) => void;
  noOptions: string;
}) {
  const [input, setInput] = useState('');
  const search = useDebounced(input);
  const [options, setOptions] = useState<number[]>([]);
  const [known, setKnown] = useState<Record<number, ListedReview>>({});
  const [loading, setLoading] = useState(false);
  const remember = (rows: ListedReview[]) => setKnown((k) => ({ ...k, ...Object.fromEntries(rows.map((r) => [r.id, r])) }));

  useEffect(() => {
    let live = true;
    setLoading(true);
    const qs = new URLSearchParams({ tab: 'published', limit: '50', sort: 'newest', ...(search.trim() ? { search: search.trim() } : {}) });
    apiJson<{ data: ListedReview[] }>(`/reviews?${qs}`)
      .then((r) => {
        if (!live) return;
        remember(r.data);
        setOptions(r.data.map((x) => x.id));
      })
      .catch(() => live && setOptions([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [search]);

  // Chosen reviews not on the first page (older ones): fetched one by one, once.
  useEffect(() => {
    const missing = value.filter((id) => !known[id]);
    if (!missing.length) return;
    Promise.all(missing.map((id) => apiJson<ListedReview>(`/reviews/${id}`).catch(() => null))).then((rows) =>
      remember(rows.filter((r): r is ListedReview => !!r)),
    );
  }, [value.join(',')]);

  useEffect(() => {
    onChosen(
      value
        .map((id) => known[id])
        .filter((r): r is ListedReview => !!r)
        .map(asPublic),
    );
  }, [value.join(','), known]);

  return (
    <SearchedMultiSelect
      label={label}
      noOptions={noOptions}
      options={options}
      value={value}
      loading={loading}
      optionLabel={(id) => reviewLabel(known[id], id)}
      onChange={(ids) => onChange(ids.slice(0, 50))}
      onInput={setInput}
    />
  );
}
