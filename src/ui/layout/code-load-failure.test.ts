import { describe, expect, it } from 'vitest';
import { isCodeLoadFailure } from './code-load-failure';

describe('isCodeLoadFailure', () => {
  it("knows each browser's words for a page's code that could not be fetched", () => {
    const url = 'https://trainer.example/assets/exam-DsmkxLMs.js';
    // Chromium, Firefox and Safari, as they word a failed import().
    expect(
      isCodeLoadFailure(new TypeError(`Failed to fetch dynamically imported module: ${url}`)),
    ).toBe(true);
    expect(
      isCodeLoadFailure(new TypeError(`error loading dynamically imported module: ${url}`)),
    ).toBe(true);
    expect(isCodeLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    // Vite's preload helper, when the page's stylesheet could not be fetched.
    expect(
      isCodeLoadFailure(new Error('Unable to preload CSS for /assets/form-CYfD-v1H.css')),
    ).toBe(true);
  });

  it('leaves other failures to their own words', () => {
    expect(isCodeLoadFailure(new TypeError('Failed to fetch'))).toBe(false);
    expect(isCodeLoadFailure(new Error('The exam could not be started'))).toBe(false);
    expect(isCodeLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
    expect(isCodeLoadFailure(undefined)).toBe(false);
  });
});
