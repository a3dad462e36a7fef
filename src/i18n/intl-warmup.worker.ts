// Builds one number and one date formatter, so the renderer process has ICU's data loaded and
// cached before the page builds its own (src/i18n/warm-intl.ts says why).
new Intl.NumberFormat().format(1234.5);
new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }).format(0.5);
new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
postMessage('warm');
