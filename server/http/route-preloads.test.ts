import { describe, expect, it } from 'vitest';
import { pageLanguage, parseRoutePreloads, routeOf } from './route-preloads';

describe('route preloads', () => {
  it('reads the route of a page URL without its query, hash or trailing slash', () => {
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/questions?page=3&search=a/b')).toBe('/questions');
    expect(routeOf('/exam/')).toBe('/exam');
    expect(routeOf('//')).toBe('/');
    expect(routeOf('/help#top')).toBe('/help');
  });

  it('takes the language from the cookie the SPA keeps it in, English otherwise', () => {
    expect(pageLanguage(undefined)).toBe('en');
    expect(pageLanguage('i18next=ko')).toBe('ko');
    expect(pageLanguage('a=1; i18next=zh-CN; b=2')).toBe('zh');
    expect(pageLanguage('i18next=fr')).toBe('en');
    expect(pageLanguage('not-i18next=ru')).toBe('en');
  });

  it("keeps only well-formed routes of the build's file", () => {
    expect(parseRoutePreloads(undefined)).toEqual({});
    expect(parseRoutePreloads('{not json')).toEqual({});
    expect(parseRoutePreloads('null')).toEqual({});
    const good = { scripts: ['/a.js'], styles: [], namespaces: ['auth'] };
    expect(
      parseRoutePreloads(
        JSON.stringify({ '/login': good, '/bad': { scripts: [1], styles: [], namespaces: [] } }),
      ),
    ).toEqual({ '/login': good });
  });
});
