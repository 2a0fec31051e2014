import { h, render } from 'preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import './controlled-fields.ts';

/** A field that holds at most three characters, as a handler that refuses the fourth. */
interface ShortProps {
  onRef?: (element: HTMLInputElement | null) => void;
}

function Short({ onRef }: ShortProps) {
  const [text, setText] = useState('ab');
  return h('input', {
    'aria-label': 'short',
    value: text,
    ref: onRef,
    onInput: (event: Event) => {
      const typed = (event.currentTarget as HTMLInputElement).value;
      if (typed.length <= 3) setText(typed);
    },
  });
}

function Agree() {
  const [checked] = useState(false);
  return h('input', { type: 'checkbox', 'aria-label': 'agree', checked, onChange: () => {} });
}

const container = document.createElement('div');
document.body.append(container);
afterEach(() => render(null, container));

/** Types `value` into the field as a browser does: the value changes, then `input` fires. */
async function type(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  // The render the handler asked for, then the check after it.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('controlled fields', () => {
  it('takes what the handler keeps', async () => {
    render(h<ShortProps>(Short, {}), container);
    const field = container.querySelector('input')!;
    await type(field, 'abc');
    expect(field.value).toBe('abc');
  });

  it('puts back the value when the handler keeps the state as it was', async () => {
    render(h<ShortProps>(Short, {}), container);
    const field = container.querySelector('input')!;
    await type(field, 'abc');
    await type(field, 'abcd');
    expect(field.value).toBe('abc');
    await type(field, 'abcde');
    expect(field.value).toBe('abc');
  });

  it('puts back a checkbox whose handler keeps it unchecked', async () => {
    render(h(Agree, {}), container);
    const box = container.querySelector('input')!;
    box.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(box.checked).toBe(false);
  });

  it('still gives the field to its own ref', () => {
    const seen: (HTMLInputElement | null)[] = [];
    render(h<ShortProps>(Short, { onRef: (element) => void seen.push(element) }), container);
    expect(seen.at(-1)).toBe(container.querySelector('input'));
  });
});
