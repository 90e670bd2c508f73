import type { ComponentType } from 'react';
import { apiJson, TOKEN_KEY } from './api-client';
import { startBoot } from './boot';
import { queryClient } from './query-client';
import { SHOP_QUERY_KEY } from './shop';

// react-admin's UI package does not load under jest (an ESM-only dependency); the client needs only ra-core.
jest.mock('react-admin', () => jest.requireActual('ra-core'));
// jsdom has no fetch: the shell's call layer answers as GET /api/shops would
jest.mock('./api-client', () => ({ ...jest.requireActual('./api-client'), apiJson: jest.fn() }));
const api = jest.mocked(apiJson);

const page = () => Object.assign((() => null) as ComponentType, { preload: jest.fn(async () => {}) });

function pages() {
  const home = page();
  const reviews = page();
  const bare = page();
  const routes = [
    { path: '/', component: home },
    { path: '/not-supported', component: bare, noLayout: true },
    { path: '/reviews/*', component: reviews },
    { path: '/onboarding/welcome', component: bare, noLayout: true },
  ];
  return { home, reviews, bare, boot: routes };
}

describe('startBoot', () => {
  beforeEach(() => {
    queryClient.clear();
    localStorage.clear();
    api.mockReset().mockResolvedValue({ id: 7, shopifyDomain: 'a.myshopify.com' });
  });

  const shopRequests = () => api.mock.calls.filter(([path]) => path === '/shops').length;

  it('signed in on the home page: asks for the shop once and loads the home page', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    const { home, reviews, boot } = pages();
    startBoot('/', boot);
    await queryClient.getQueryCache().find({ queryKey: SHOP_QUERY_KEY })?.promise;
    expect(queryClient.getQueryData(SHOP_QUERY_KEY)).toMatchObject({ id: 7 });
    expect(shopRequests()).toBe(1);
    expect(home.preload).toHaveBeenCalledTimes(1);
    expect(reviews.preload).not.toHaveBeenCalled();
  });

  it('a deep link loads the page its route names', () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    const { home, reviews, boot } = pages();
    startBoot('/reviews/list', boot);
    expect(reviews.preload).toHaveBeenCalledTimes(1);
    expect(home.preload).not.toHaveBeenCalled();
  });

  it('signed out, or on a page without the layout, asks for nothing but the strings', () => {
    const { home, bare, boot } = pages();
    startBoot('/', boot);
    localStorage.setItem(TOKEN_KEY, 'token');
    startBoot('/not-supported', boot);
    startBoot('/onboarding/welcome', boot);
    expect(shopRequests()).toBe(0);
    expect(home.preload).not.toHaveBeenCalled();
    expect(bare.preload).not.toHaveBeenCalled();
  });
});
