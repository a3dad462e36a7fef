import { useSyncExternalStore } from 'react';
import { darkTheme, lightTheme } from './theme.css';

export type ThemeName = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';

/**
 * The choice in a cookie too: the server then draws the page's first paint (the header's bar
 * in index.html) in it, not in the system's theme (server/http/spa-page.ts).
 */
function rememberForServer(theme: ThemeName) {
  document.cookie = `${THEME_STORAGE_KEY}=${theme}; Path=/; Max-Age=31536000; SameSite=Strict`;
}
const listeners = new Set<() => void>();

function storedChoice(): ThemeName | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): ThemeName {
  return typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

/** The saved choice, else the system's preference. */
function preferredTheme(): ThemeName {
  return storedChoice() ?? systemTheme();
}

/** The theme last applied to the document: renders read it without touching storage. */
let applied: ThemeName | null = null;

/** The theme in use (before `initTheme`, the one it would apply). */
export function currentTheme(): ThemeName {
  return applied ?? preferredTheme();
}

function apply(theme: ThemeName) {
  applied = theme;
  const root = document.documentElement;
  root.classList.toggle(lightTheme, theme === 'light');
  root.classList.toggle(darkTheme, theme === 'dark');
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  listeners.forEach((listener) => listener());
}

/** Applies the theme before the first render and follows the system until the user picks one. */
export function initTheme(): void {
  const choice = storedChoice();
  // A choice made before the cookie existed reaches the server from now on.
  if (choice) rememberForServer(choice);
  apply(choice ?? systemTheme());
  if (typeof window.matchMedia === 'function') {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      if (storedChoice() === null) apply(systemTheme());
    });
  }
}

export function setTheme(theme: ThemeName): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  rememberForServer(theme);
  apply(theme);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme in use and a toggle that saves the choice in localStorage. */
export function useTheme(): { theme: ThemeName; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as ThemeName);
  return { theme, toggle: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
