import { screen } from '@testing-library/react';

/** The input whose label starts with `label` (a required field's label ends with '*'). */
export const fieldInput = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

/** The message a screen reader reads with the field: the text under it, if any. */
export const problemOf = (label: string) => {
  const ids = fieldInput(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
};
