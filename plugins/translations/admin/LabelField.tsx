// One label: the default shown beside the merchant's text, the count against its maximum, and a
// reset to the default.
import { memo } from 'react';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Box, IconButton, TextField, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SHORT_MAX, type LabelRow } from '../shared/labels';
import { labelName } from './label-names';

interface Props {
  row: LabelRow;
  value: string;
  error?: string;
  lang: string;
  onChange(key: string, value: string): void;
  onReset(key: string): void;
}

function LabelField({ row, value, error, lang, onChange, onReset }: Props) {
  const translate = useTranslate();
  const over = value.length > row.max;
  const name = labelName(translate, row.key, row.default);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        fullWidth
        size="small"
        label={name}
        value={value}
        placeholder={row.default}
        multiline={row.max > SHORT_MAX}
        onChange={(e) => onChange(row.key, e.target.value)}
        error={!!error || over}
        helperText={error ?? `${translate('translations:default', { text: row.default })} · ${value.length}/${row.max}`}
        slotProps={{ htmlInput: { lang, dir: 'auto' } }}
      />
      <Tooltip title={translate('translations:reset_label')}>
        <span>
          <IconButton
            aria-label={`${translate('translations:reset_label')}: ${name}`}
            onClick={() => onReset(row.key)}
            disabled={row.text === null && value === ''}
          >
            <RestartAltIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

export default memo(LabelField);
