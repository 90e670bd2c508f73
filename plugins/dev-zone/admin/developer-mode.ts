const KEY = 'plaudit.developer';

/** Developer mode: `?developer=1` in the admin URL turns it on (kept in local storage), `?developer=0` off. */
export function isDeveloperMode(): boolean {
  const param = new URLSearchParams(window.location.search).get('developer');
  if (param === '1' || param === 'true') localStorage.setItem(KEY, '1');
  if (param === '0' || param === 'false') localStorage.removeItem(KEY);
  return localStorage.getItem(KEY) === '1';
}
