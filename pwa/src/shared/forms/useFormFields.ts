import type { NativeFormAction } from '@coach/site-rules';
import { useLayoutEffect, useState, type FormEvent } from 'react';
import { fieldErrors, serverFieldErrors } from './fieldErrors.ts';
import { outcomeError, useFormOutcome } from './formOutcome.ts';
import { useFocusFirstInvalid } from './useFocusFirstInvalid.ts';

/** The keys of a form's values that hold text (a switch's boolean is not a text field). */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

type ParseResult<D> =
  | { success: true; data: D }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** A field of a form that holds text the visitor can change. */
type TypedField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isTypedField = (el: Element): el is TypedField =>
  (el instanceof HTMLInputElement && el.type !== 'hidden') ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement;

/**
 * What the fields of a form drawn from the page's HTML hold that differs from what was drawn:
 * typed, or filled in by the browser or a password manager, before the app took the form over.
 * React hydrates a field without touching what it holds; the app then adopts it, so nothing is
 * lost and the focus and caret stay where they are.
 */
export function typedBeforeHydration(form: HTMLFormElement | null): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const el of form?.elements ?? []) {
    if (!isTypedField(el) || el.name === '') continue;
    const drawn =
      el instanceof HTMLSelectElement ? ([...el.options].find((o) => o.defaultSelected)?.value ?? '') : el.defaultValue;
    if (el.value !== drawn) typed[el.name] = el.value;
  }
  return typed;
}

/**
 * The values and error messages of a form's text fields: `field(name)` gives a TextField its
 * value, change handler and error; `accept` and `check` show what a submit found wrong and, when
 * it is refused, focus the first field to fix (put `ref` on the form).
 * With `action` (a form the gateway takes without scripts), `formProps` make the page's HTML post
 * it there, and the page starts with what such a post came to: the values sent back (never a
 * password) and the API's messages beside the fields.
 */
export function useFormFields<V extends object>(initial: V, action?: NativeFormAction) {
  type F = TextField<V>;
  type Errors = Partial<Record<F, string>>;
  const outcome = useFormOutcome(action);
  const [values, setValues] = useState<V>(() => ({ ...initial, ...known(initial, outcome?.values ?? {}) }));
  const [errors, setErrors] = useState<Errors>(() => serverFieldErrors<F>(outcomeError(outcome)));
  const form = useFocusFirstInvalid(Boolean(outcomeError(outcome)));
  // As the app's first render is committed, before any event of the visitor reaches it.
  useLayoutEffect(() => {
    const typed = typedBeforeHydration(form.ref.current);
    if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...known(v, typed) }));
  }, [form.ref]);

  /** Shows `found` (nothing when empty) and tells whether the submit may go on. */
  const check = (found: Errors): boolean => {
    setErrors(found);
    const valid = Object.keys(found).length === 0;
    if (!valid) form.refused();
    return valid;
  };

  /** The parsed data of a zod `safeParse`, or undefined after showing its issues. */
  const accept = <D>(parsed: ParseResult<D>): D | undefined =>
    check(parsed.success ? {} : fieldErrors<F>(parsed.error.issues)) && parsed.success ? parsed.data : undefined;

  return {
    ref: form.ref,
    formProps: action ? { method: 'post', action } : {},
    values,
    setValues,
    errors,
    check,
    accept,
    /**
     * The form's submit handler: `parse` the values (a zod `safeParse`, or a promise of one while
     * the schema loads) and, if they pass, `send` the data.
     */
    submitWith:
      <D>(parse: (values: V) => ParseResult<D> | Promise<ParseResult<D>>, send: (data: D) => void) =>
      (event: FormEvent) => {
        event.preventDefault();
        const sendIfValid = (parsed: ParseResult<D>) => {
          const data = accept(parsed);
          if (data !== undefined) send(data);
        };
        // What the fields show is what is sent, even typed in the instant the app took them over.
        const shown = { ...values, ...known(values, typedBeforeHydration(form.ref.current)) };
        const parsed = parse(shown);
        if (parsed instanceof Promise) void parsed.then(sendIfValid);
        else sendIfValid(parsed);
      },
    field: (name: F) => ({
      name,
      value: values[name] as string,
      onChange: (event: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [name]: event.target.value }));
        setErrors((e) => ({ ...e, [name]: undefined }));
      },
      error: Boolean(errors[name]),
      helperText: errors[name],
    }),
  };
}

/** The entries of `found` that name a field of `values`. */
function known<V extends object>(values: V, found: Record<string, string>): Partial<V> {
  return Object.fromEntries(Object.entries(found).filter(([name]) => name in values)) as Partial<V>;
}
