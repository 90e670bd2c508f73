// The manifest lists the display screens by hand (no zod in the main chunk): it must match SCREENS.
import { SCREENS } from '../shared/display-settings';
import manifest, { SCREEN_PATHS } from './index';

test('one route per display screen, plus the hub, the Instagram feed and branding', () => {
  expect([...SCREEN_PATHS].sort()).toEqual(Object.keys(SCREENS).sort());
  const paths = manifest.routes!.map((r) => r.path);
  for (const screen of Object.keys(SCREENS)) expect(paths).toContain(`/display-settings/${screen}`);
  expect(paths).toEqual(expect.arrayContaining(['/display-settings', '/display-settings/instagram-feed', '/branding']));
  expect(manifest.menu!.map((m) => [m.to, m.position])).toEqual([['/branding', 40], ['/display-settings', 50]]);
});
