import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '../../test/render-app';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';

testI18n();
afterEach(cleanup);

const CUT = 'The pasted text did not fit: its end was left out.';

function Field({ multiline }: { multiline: boolean }) {
  const [value, setValue] = useState('abc');
  const props = { label: 'Name', maxLength: 10, value };
  return multiline ? (
    <TextAreaField {...props} onChange={(event) => setValue(event.target.value)} />
  ) : (
    <TextField {...props} onChange={(event) => setValue(event.target.value)} />
  );
}

/** A paste as the browser makes it: the paste event, then the value with what fitted. */
function paste(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  fireEvent.paste(field, { clipboardData: { getData: () => text } });
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  const room = field.maxLength - (field.value.length - (end - start));
  const next = field.value.slice(0, start) + text.slice(0, room) + field.value.slice(end);
  fireEvent.change(field, { target: { value: next } });
}

describe.each([false, true])('a field with a limit (multi-line: %s)', (multiline) => {
  it('says a paste that did not fit was cut, until there is room again', () => {
    render(<Field multiline={multiline} />);
    const field = screen.getByLabelText('Name') as HTMLInputElement;
    field.setSelectionRange(3, 3);
    paste(field, 'defghijklmnop');
    expect(field.value).toBe('abcdefghij');
    const note = screen.getByRole('status');
    expect(note.textContent).toBe(CUT);
    expect(field.getAttribute('aria-describedby')).toContain(note.id);

    fireEvent.change(field, { target: { value: 'abcdefghi' } });
    expect(screen.queryByText(CUT)).toBeNull();
  });

  it('says nothing of a paste that fitted, even one that fills the field', () => {
    render(<Field multiline={multiline} />);
    const field = screen.getByLabelText('Name') as HTMLInputElement;
    field.setSelectionRange(3, 3);
    paste(field, 'defghij');
    expect(field.value).toBe('abcdefghij');
    expect(screen.queryByText(CUT)).toBeNull();
    // Replacing a selection makes room for what replaces it.
    field.setSelectionRange(0, 10);
    paste(field, 'klmnopqrst');
    expect(field.value).toBe('klmnopqrst');
    expect(screen.queryByText(CUT)).toBeNull();
  });
});

describe('autoFocus', () => {
  it('focuses the field once the page has been painted, not while it is committed', async () => {
    render(<TextField label="Name" autoFocus />);
    const field = screen.getByLabelText('Name');
    expect(document.activeElement).not.toBe(field);
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('leaves the focus in a field the user chose meanwhile', async () => {
    render(
      <>
        <TextField label="Name" autoFocus />
        <TextField label="Other" />
      </>,
    );
    const other = screen.getByLabelText('Other');
    other.focus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(other);
  });

  it('still hands its input to a ref', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="Name" ref={ref} />);
    expect(ref.current).toBe(screen.getByLabelText('Name'));
  });
});
