import { act, cleanup, render } from '@testing-library/react';
import { useId, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateInTurns, InTurn, whenHydrated } from './hydrate-in-turn.tsx';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

function Page() {
  return (
    <div>
      <Counter label="first" />
      <InTurn>
        <Counter label="second" />
      </InTurn>
      <InTurn>
        <section>
          <InTurn>
            <Counter label="third" />
          </InTurn>
        </section>
      </InTurn>
    </div>
  );
}

/** A field whose label is drawn only once it is opened: it must name the id the server drew. */
function Labelled() {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <input id={id} aria-label="field" />
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && <p data-for={id}>label</p>}
    </div>
  );
}

function Fields() {
  return (
    <main>
      <InTurn>
        <Labelled />
      </InTurn>
      <Labelled />
      <InTurn>
        <section>
          <Labelled />
          <InTurn>
            <Labelled />
          </InTurn>
        </section>
      </InTurn>
      <Labelled />
    </main>
  );
}

const button = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('button')].find((element) => element.textContent?.startsWith(label))!;

afterEach(cleanup);

describe('hydration in turns', () => {
  it('keeps the server’s markup and wires each part in a later task, nested parts too', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Page />);
    const served = container.innerHTML;
    const second = button(container, 'second');
    const third = button(container, 'third');

    hydrateInTurns(() => hydrateRoot(container, <Page />));
    // The first pass wired what is outside the parts; the parts wait, drawn as served.
    expect(container.innerHTML).toBe(served);
    button(container, 'first').click();
    second.click();
    await Promise.resolve();
    expect(button(container, 'first').textContent).toBe('first 1');
    expect(second.textContent).toBe('second 0');

    await act(() => whenHydrated());
    second.click();
    third.click();
    await act(() => Promise.resolve());
    // The same elements, now wired: nothing was drawn twice.
    expect(button(container, 'second')).toBe(second);
    expect(button(container, 'third')).toBe(third);
    expect(second.textContent).toBe('second 1');
    expect(third.textContent).toBe('third 1');
    expect(container.querySelectorAll('button')).toHaveLength(3);
    container.remove();
  });

  it('gives each field the id the server drew, whatever the order parts hydrate in', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Fields />);
    const served = [...container.querySelectorAll('input')].map((input) => input.id);
    expect(new Set(served).size).toBe(5);

    hydrateInTurns(() => hydrateRoot(container, <Fields />));
    await act(() => whenHydrated());
    for (const opener of container.querySelectorAll('button')) opener.click();
    await act(() => Promise.resolve());
    const named = [...container.querySelectorAll('p')].map((label) => label.dataset.for);
    expect(named).toEqual(served);
    container.remove();
  });

  it('draws a part at once outside hydration', () => {
    const { container } = render(<Page />);
    expect([...container.querySelectorAll('button')].map((element) => element.textContent)).toEqual([
      'first 0',
      'second 0',
      'third 0',
    ]);
  });
});
