import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage, preloadPage } from './lazy-page';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyPage', () => {
  it('renders a preloaded page in the first pass, without the fallback', async () => {
    const load = jest.fn(async () => ({ default: Hello }));
    const Page = lazyPage(load);
    preloadPage(Page);
    await act(() => Page.preload());
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Ada" />
      </Suspense>,
    );
    // synchronously there: no act() flush was needed for the page to replace a fallback
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without a preload suspends like lazy, then renders, still importing once', async () => {
    const load = jest.fn(async () => ({ default: Hello }));
    const Page = lazyPage(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload resolves quietly; the render then meets the error', async () => {
    const Page = lazyPage<{ name: string }>(() => Promise.reject(new Error('chunk gone')));
    await expect(Page.preload()).resolves.toBeUndefined();
  });

  it('preloadPage ignores a plain component', () => {
    expect(() => preloadPage(Hello as never)).not.toThrow();
  });
});
