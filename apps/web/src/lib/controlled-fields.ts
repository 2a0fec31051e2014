/**
 * Controlled fields, as React has them, on Preact (which runs the app: apps/web/vite.config.ts).
 * A field given a `value` (or `checked`) shows that value and nothing else: when its change
 * handler keeps the state as it was (a quantity typed beyond the most on offer, then clamped to
 * the same most; a character a formatted field refuses), React puts the field back, while Preact,
 * which renders nothing when no state changed, would leave what was typed on screen. This puts it
 * back once the handler's renders are done. Imported once, before the app renders.
 */
import { options, type Ref, type VNode } from 'preact';

const FIELDS = new Set(['input', 'textarea', 'select']);
const HANDLERS = ['onChange', 'onInput', 'onchange', 'oninput'] as const;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Drawn = { value?: unknown; checked?: unknown };

/** What each controlled field was last drawn with. */
const drawn = new WeakMap<EventTarget, Drawn>();

type FieldProps = Record<string, unknown>;

function putBack(field: Field) {
  const shown = drawn.get(field);
  if (!shown) return;
  if (shown.value != null && field.value !== String(shown.value)) field.value = String(shown.value);
  if ('checked' in shown && 'checked' in field && field.checked !== Boolean(shown.checked))
    field.checked = Boolean(shown.checked);
}

function attach(ref: Ref<Element> | null | undefined, element: Element | null) {
  if (typeof ref === 'function') return ref(element);
  if (ref) ref.current = element;
}

function control(vnode: VNode<FieldProps>) {
  const { props } = vnode;
  const controlled: Drawn = {};
  if (props.value !== undefined) controlled.value = props.value;
  if (props.checked !== undefined) controlled.checked = props.checked;
  const handlers = HANDLERS.filter((name) => typeof props[name] === 'function');
  if (!handlers.length || !Object.keys(controlled).length) return;

  for (const name of handlers) {
    const handle = props[name] as (event: Event) => unknown;
    props[name] = (event: Event) => {
      const result = handle(event);
      const field = event.currentTarget as Field;
      // Preact renders the state the handler set in a microtask queued before this one.
      queueMicrotask(() => putBack(field));
      return result;
    };
  }
  // A field's ref is the vnode's, not one of its props.
  const ref = vnode.ref as Ref<Element> | null | undefined;
  vnode.ref = (element: Element | null) => {
    if (element) drawn.set(element, controlled);
    return attach(ref, element);
  };
}

const next = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === 'string' && FIELDS.has(vnode.type)) control(vnode as VNode<FieldProps>);
  next?.(vnode);
};
