// A list's selection checkbox (one row, or all of a page): a native input in the theme's colour, its
// label padding the hit area to MUI's 42 px. "Select all" re-renders every row's box; with MUI's
// Checkbox (ButtonBase, emotion styles per state, an SVG icon per box) that click cost about 300 ms of
// script at 4x CPU on a 50-row page (npm run bench:admin-trace, bench/RESULTS.md); a native box costs
// the browser a repaint.
import { useTheme } from '@mui/material/styles';

export interface SelectionBoxProps {
  checked: boolean;
  /** some rows of the page selected, not all (the "Select all" box) */
  indeterminate?: boolean;
  onChange: () => void;
  /** what the box selects, for screen readers */
  label: string;
}

const HIT = { display: 'inline-flex', padding: 12, cursor: 'pointer' } as const;

export function SelectionBox({ checked, indeterminate = false, onChange, label }: SelectionBoxProps) {
  const accentColor = useTheme().palette.primary.main;
  return (
    <label style={HIT}>
      <input
        type="checkbox"
        checked={checked}
        onChange={onChange}
        aria-label={label}
        ref={(box) => {
          if (box) box.indeterminate = indeterminate;
        }}
        style={{ width: 18, height: 18, margin: 0, accentColor, cursor: 'pointer' }}
      />
    </label>
  );
}
