import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { COUNTRY_CODES, countryName } from './countries';

const BATCH = 25;

/** Searchable multi-select of countries, loading 25 more a second after the list is scrolled to its end (spec section 2). */
export function CountryPicker({ value, onChange, error }: { value: string[]; onChange: (codes: string[]) => void; error?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [visible, setVisible] = useState(BATCH);
  const [loading, setLoading] = useState(false);
  const [input, setInput] = useState('');
  useEffect(() => {
    if (!loading) return;
    const t = setTimeout(() => {
      setVisible((v) => Math.min(v + BATCH, COUNTRY_CODES.length));
      setLoading(false);
    }, 1000);
    return () => clearTimeout(t);
  }, [loading]);
  return (
    <Autocomplete
      multiple
      size="small"
      // Typing searches every country; browsing loads them in batches.
      options={input ? COUNTRY_CODES : COUNTRY_CODES.slice(0, visible)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      value={value}
      onChange={(_e, codes) => onChange(codes)}
      getOptionLabel={(code) => `${countryName(code, locale)} (${code})`}
      loading={loading}
      filterSelectedOptions
      slotProps={{
        listbox: {
          onScroll: (e) => {
            const el = e.currentTarget;
            if (!loading && visible < COUNTRY_CODES.length && el.scrollTop + el.clientHeight >= el.scrollHeight - 4) setLoading(true);
          },
        },
      }}
      renderInput={(params) => <TextField {...params} label={translate('review-requests:settings.countries')} error={!!error} helperText={error} />}
      sx={{ minWidth: 260, flex: 1 }}
    />
  );
}
