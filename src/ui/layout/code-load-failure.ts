/**
 * A page's code could not be fetched (offline before the service worker kept it, or a tab older
 * than the server's files). The browser remembers a failed module for as long as the document
 * lives, so only a reload fetches it again. Told apart by the messages of Chromium, Firefox and
 * Safari, as the router tells them apart, and by Vite's for a page's stylesheet, fetched beside
 * its code.
 */
export function isCodeLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return (
    message.startsWith('Failed to fetch dynamically imported module') ||
    message.startsWith('error loading dynamically imported module') ||
    message.startsWith('Importing a module script failed') ||
    message.startsWith('Unable to preload CSS for')
  );
}
