import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useTranslate } from 'react-admin';

/** One choice among a few, as radio buttons with translated labels (`<prefix>.<value>`). */
export function ChoiceField<T extends string>({
  labelKey,
  prefix,
  options,
  value,
  onChange,
  row,
}: {
  labelKey: string;
  prefix: string;
  options: readonly T[];
  value: T | null;
  onChange: (value: T) => void;
  row?: boolean;
}) {
  const translate = useTranslate();
  const id = `${prefix.replace(/[^a-z]/gi, '-')}-label`;
  return (
    <FormControl>
      <FormLabel id={id}>{translate(labelKey)}</FormLabel>
      <RadioGroup aria-labelledby={id} row={row} value={value ?? ''} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <FormControlLabel key={o} value={o} control={<Radio />} label={translate(`${prefix}.${o}`)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
