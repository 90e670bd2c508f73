import { fireEvent, render, screen } from '@testing-library/react';
import { SelectionBox } from './SelectionBox';

test('a native checkbox named for screen readers; partial selection shows as indeterminate; a click reports the change', () => {
  const onChange = jest.fn();
  const { rerender } = render(<SelectionBox checked={false} indeterminate onChange={onChange} label="Select all" />);
  const box = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
  expect(box.indeterminate).toBe(true);
  fireEvent.click(box);
  expect(onChange).toHaveBeenCalledTimes(1);
  rerender(<SelectionBox checked onChange={onChange} label="Select all" />);
  expect([box.checked, box.indeterminate]).toEqual([true, false]);
});
