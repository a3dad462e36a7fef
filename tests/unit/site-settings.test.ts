import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../server/modules/settings/settings.defaults';
import {
  DEFAULT_SITE_NAME,
  donationLinesFrom,
  maintenanceMessageFrom,
} from '../../src/lib/site-settings';
import { donationsText, noticeText, readDonationTexts } from '../../src/features/admin/validation';

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

describe('donation details per language', () => {
  const details = JSON.stringify({
    en: 'Bank transfer: 110-123-456789',
    ko: '계좌 이체: 110-123-456789\n카카오페이: 010-1234-5678',
  });

  it("gives a reader their language's lines, else the English ones", () => {
    expect(donationLinesFrom(details, 'ko')).toEqual([
      { label: '계좌 이체', details: '110-123-456789' },
      { label: '카카오페이', details: '010-1234-5678' },
    ]);
    expect(donationLinesFrom(details, 'ru')).toEqual([
      { label: 'Bank transfer', details: '110-123-456789' },
    ]);
  });

  it('falls back to any language when English has none, and offers none without text', () => {
    expect(donationLinesFrom('{"zh":"支付宝: pay@school.example"}', 'ru')).toEqual([
      { label: '支付宝', details: 'pay@school.example' },
    ]);
    for (const value of ['{}', '{"ru":"  \n "}', '[]', 'nonsense', null]) {
      expect(donationLinesFrom(value, 'ru'), String(value)).toEqual([]);
    }
  });

  it('stores only the languages given a text, and reads them back', () => {
    const stored = donationsText({ en: 'SBP: +7 900', ru: '', ko: 'Toss: 010' });
    expect(JSON.parse(stored)).toEqual({ en: 'SBP: +7 900', ko: 'Toss: 010' });
    expect(readDonationTexts(stored)).toEqual({ en: 'SBP: +7 900', ko: 'Toss: 010' });
    expect(readDonationTexts('[1]')).toEqual({});
  });

  it('is offered by no default: a new installation shows no donations page', () => {
    const setting = DEFAULT_SETTINGS.find((s) => s.key === 'donation_details');
    expect(setting).toMatchObject({ value: '{}', is_public: true, data_type: 'json' });
  });
});
