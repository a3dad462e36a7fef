/**
 * Focuses a form's field with the caret after its text: a field opened with text in it (an
 * edit form) is typed on at its end, where a browser's own focus leaves it before the text.
 */
export function focusField(field: HTMLElement): void {
  field.focus();
  if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)) return;
  const end = field.value.length;
  try {
    field.setSelectionRange(end, end);
  } catch {
    // A number, e-mail or checkbox input has no selection to set.
  }
}
