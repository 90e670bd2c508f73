// The period picker keeps an edit the merchant made before the range they picked reached the URL:
// choosing "Custom range" asks for the shown days; a From typed at once, before the page re-renders
// with that URL, was reset to it (its error gone) when the URL arrived. Under load CI saw it so.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { CoreAdminContext, type I18nProvider } from 'ra-core';
import { PeriodPicker } from './PeriodPicker';
import type { PeriodChoice } from './period';

jest.mock('react-admin', () => jest.requireActual('ra-core'));

const i18nProvider: I18nProvider = { translate: (key) => key, changeLocale: async () => {}, getLocale: () => 'en' };
const shown = { from: '2026-11-01', to: '2026-11-30' };

function picker(choice: PeriodChoice, onChange: (c: PeriodChoice) => void) {
  return (
    <CoreAdminContext i18nProvider={i18nProvider}>
      <PeriodPicker choice={choice} onChange={onChange} shown={shown} />
    </CoreAdminContext>
  );
}

test('a From typed before the custom range reached the URL stays, with its error', () => {
  const asked: PeriodChoice[] = [];
  const view = render(picker({ period: '30d' }, (c) => asked.push(c)));
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(within(screen.getByRole('listbox')).getByText('analytics:period.custom'));
  expect(asked).toEqual([shown]);
  // typed while the URL still says 30d
  fireEvent.change(screen.getByLabelText('analytics:period.from'), { target: { value: '2099-01-01' } });
  expect(screen.getByText('analytics:period.problem.order')).toBeTruthy();
  // the URL catches up with the range the picker asked for
  view.rerender(picker(shown, (c) => asked.push(c)));
  expect(screen.getByText('analytics:period.problem.order')).toBeTruthy();
  expect((screen.getByLabelText('analytics:period.from') as HTMLInputElement).value).toBe('2099-01-01');
  expect(asked).toEqual([shown]);
});

test('two ranges asked for quickly: the first reaching the URL keeps the edits typed after it', () => {
  const asked: PeriodChoice[] = [];
  const view = render(picker(shown, (c) => asked.push(c)));
  const from = () => screen.getByLabelText('analytics:period.from') as HTMLInputElement;
  fireEvent.change(from(), { target: { value: '2026-11-02' } });
  fireEvent.change(from(), { target: { value: '2026-11-03' } });
  fireEvent.change(from(), { target: { value: '2099-01-01' } });
  expect(asked).toEqual([
    { ...shown, from: '2026-11-02' },
    { ...shown, from: '2026-11-03' },
  ]);
  view.rerender(picker(asked[0], () => {}));
  expect(from().value).toBe('2099-01-01');
  view.rerender(picker(asked[1], () => {}));
  expect(from().value).toBe('2099-01-01');
  expect(screen.getByText('analytics:period.problem.order')).toBeTruthy();
});

test('a range the picker did not ask for (the back button) replaces the edit', () => {
  const view = render(picker(shown, () => {}));
  fireEvent.change(screen.getByLabelText('analytics:period.from'), { target: { value: '2099-01-01' } });
  view.rerender(picker({ from: '2026-10-01', to: '2026-10-31' }, () => {}));
  expect((screen.getByLabelText('analytics:period.from') as HTMLInputElement).value).toBe('2026-10-01');
  expect(screen.queryByText('analytics:period.problem.order')).toBeNull();
});
