// What ra-core's router adapter (ra-core/dist/routing/adapters/reactRouterProvider.js) gets for
// 'react-router-dom' in the admin build (vite.config.mts). The adapter builds a hash *data router*
// (createHashRouter + RouterProvider) only when <Admin> finds no router around it; this admin always
// renders inside App's BrowserRouter, so that branch never runs, yet its two imports kept React
// Router's data router (createRouter, loaders, actions, fetchers, hydration: 121 KB rendered,
// 16.2 KB gzip) in every first load (issue 36, docs/admin-speed.md). Everything else is React
// Router itself.
export * from 'react-router-dom';

const NO_DATA_ROUTER = 'The Plaudit admin renders inside its own BrowserRouter (admin/src/App.tsx); react-admin found none';

export function createHashRouter(): never {
  throw new Error(NO_DATA_ROUTER);
}

export function RouterProvider(): never {
  throw new Error(NO_DATA_ROUTER);
}
