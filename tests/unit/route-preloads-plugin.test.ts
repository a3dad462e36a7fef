import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { namespacesIn, routePathOf } from '../../scripts/route-preloads-plugin';

describe('the build list of what each route preloads', () => {
  it('names routes by their URL path, without pathless layouts', () => {
    expect(routePathOf('index')).toBe('/');
    expect(routePathOf('login')).toBe('/login');
    expect(routePathOf('_authenticated/dashboard')).toBe('/dashboard');
  });

  it("finds the namespaces a route's loader fetches, however it asks for them", () => {
    expect(namespacesIn("loader: translations('admin', 'auth'),")).toEqual(['admin', 'auth']);
    expect(namespacesIn("await loadNamespaces(context.i18n, ['dashboard']);")).toEqual([
      'dashboard',
    ]);
    expect(namespacesIn(readFileSync('src/routes/_authenticated/questions.tsx', 'utf8'))).toEqual([
      'parts',
      'questions',
    ]);
    expect(namespacesIn('component: Page')).toEqual([]);
  });
});
