import { fireEvent, render, screen, within } from '@testing-library/react';
import { CoreAdminContext, type I18nProvider } from 'ra-core';
import { ChartCard } from './ChartCard';

// react-admin's UI package does not load under jest (an ESM-only dependency); the card needs only
// ra-core's translate.
jest.mock('react-admin', () => jest.requireActual('ra-core'));

const strings: Record<string, string> = {
  'analytics:view.chart': 'Chart',
  'analytics:view.table': 'Table',
  'analytics:csv.button': 'Download CSV',
  'analytics:csv.label': 'Download CSV: {{title}}',
};
const i18nProvider: I18nProvider = {
  translate: (key, o) => (strings[key] ?? key).replace('{{title}}', o?.title),
  changeLocale: async () => {},
  getLocale: () => 'en',
};
const columns = [
  { key: 'step', label: 'Step' },
  { key: 'count', label: 'Number', numeric: true },
];

function renderCard(rows?: { step: string; count: number }[], empty?: boolean) {
  return render(
    <CoreAdminContext i18nProvider={i18nProvider}>
      <ChartCard
        title="Request funnel"
        description="Sent to photo added"
        columns={columns}
        rows={rows}
        empty={empty}
        emptyText="No requests in this period"
        fileName="funnel"
        chart={(frame) => (
          <svg aria-label={frame.title}>
            <desc>{frame.desc}</desc>
          </svg>
        )}
      />
    </CoreAdminContext>,
  );
}

test('the chart first, named and described by the card; the table view shows the same rows', () => {
  renderCard([
    { step: 'Sent', count: 4 },
    { step: 'Opened', count: 3 },
  ]);
  const card = screen.getByRole('region', { name: 'Request funnel' });
  const figure = within(card).getByRole('figure', { name: 'Request funnel' });
  expect(figure.getAttribute('aria-describedby')).toBeTruthy();
  expect(within(figure).getByLabelText('Request funnel')).toBeTruthy();
  expect(within(card).queryByRole('table')).toBeNull();

  fireEvent.click(within(card).getByRole('button', { name: 'Table' }));
  const rows = within(within(card).getByRole('table', { name: 'Request funnel' })).getAllByRole('row');
  expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
    ['Step', 'Number'],
    ['Sent', '4'],
    ['Opened', '3'],
  ]);
  expect(within(card).getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
});

test('a skeleton while loading, a sentence when there is nothing to draw; no CSV of either', () => {
  const { unmount } = renderCard(undefined);
  expect(screen.getByRole('region', { name: 'Request funnel' }).getAttribute('aria-busy')).toBe('true');
  expect((screen.getByRole('button', { name: /Download CSV/ }) as HTMLButtonElement).disabled).toBe(true);
  unmount();
  renderCard([{ step: 'Sent', count: 0 }], true);
  expect(screen.getByText('No requests in this period')).toBeTruthy();
  expect(screen.queryByRole('figure')).toBeNull();
  expect((screen.getByRole('button', { name: /Download CSV/ }) as HTMLButtonElement).disabled).toBe(true);
});
