import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../server/modules/settings/settings.defaults';
import { DEFAULT_SITE_NAME } from '../../src/lib/site-settings';

describe('site name default', () => {
  it("is the server's default site_name, so the app knows when an administrator changed it", () => {
    expect(DEFAULT_SETTINGS.find((setting) => setting.key === 'site_name')?.value).toBe(
      DEFAULT_SITE_NAME,
    );
  });
});
