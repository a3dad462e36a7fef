import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../server/modules/settings/settings.defaults';
import { DEFAULT_SITE_NAME, maintenanceMessageFrom } from '../../src/lib/site-settings';
import { noticeText } from '../../src/features/admin/validation';

describe('site name default', () => {
  it("is the server's default site_name, so the app knows when an administrator changed it", () => {
    expect(DEFAULT_SETTINGS.find((setting) => setting.key === 'site_name')?.value).toBe(
      DEFAULT_SITE_NAME,
    );
  });
});

describe('maintenance notice per language', () => {
  const stored = JSON.stringify({
    enabled: true,
    message: 'Down tonight from 22:00.',
    messages: { ko: '오늘 밤 22시부터 점검합니다.', ru: '  ' },
  });

  it("shows a language's own text to its readers, the general message to the others", () => {
    expect(maintenanceMessageFrom(stored, 'ko')).toBe('오늘 밤 22시부터 점검합니다.');
    expect(maintenanceMessageFrom(stored, 'zh')).toBe('Down tonight from 22:00.');
    // A blank text is no text of its own.
    expect(maintenanceMessageFrom(stored, 'ru')).toBe('Down tonight from 22:00.');
  });

  it('keeps a notice saved before there were texts per language', () => {
    const old = '{"enabled":true,"message":"Back at noon"}';
    for (const language of ['en', 'ru', 'zh', 'ko'] as const)
      expect(maintenanceMessageFrom(old, language)).toBe('Back at noon');
    expect(maintenanceMessageFrom('{"enabled":false,"message":"Back at noon"}', 'en')).toBeNull();
  });

  it('shows a notice given only in Korean to Korean readers alone', () => {
    const korean = '{"enabled":true,"message":"","messages":{"ko":"점검 중"}}';
    expect(maintenanceMessageFrom(korean, 'ko')).toBe('점검 중');
    expect(maintenanceMessageFrom(korean, 'en')).toBeNull();
  });

  it('saves texts only for the languages given one, and the old shape with none', () => {
    expect(noticeText({ enabled: true, message: 'x', messages: { ru: '', ko: '' } })).toBe(
      '{"enabled":true,"message":"x"}',
    );
    expect(
      JSON.parse(noticeText({ enabled: true, message: '', messages: { ko: 'y', zh: '' } })),
    ).toEqual({ enabled: true, message: '', messages: { ko: 'y' } });
  });
});
