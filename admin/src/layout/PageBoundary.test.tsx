import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { PageBoundary } from './PageBoundary';

const Broken = (): never => {
  throw new Error('a page that fails to render');
};

test('a page that throws shows the fallback until the location changes', () => {
  // React reports the caught error on the console; the test is about what is shown instead
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
  const page = (pathname: string, content: ReactNode) => (
    <PageBoundary pathname={pathname} fallback={<p>Page not found</p>}>
      {content}
    </PageBoundary>
  );
  const { rerender } = render(page('/broken', <Broken />));
  expect(screen.getByText('Page not found')).toBeTruthy();
  // the same location again: still the fallback, the page is not retried
  rerender(page('/broken', <p>the page</p>));
  expect(screen.getByText('Page not found')).toBeTruthy();
  rerender(page('/reviews', <p>the reviews</p>));
  expect(screen.getByText('the reviews')).toBeTruthy();
  expect(screen.queryByText('Page not found')).toBeNull();
  quiet.mockRestore();
});
