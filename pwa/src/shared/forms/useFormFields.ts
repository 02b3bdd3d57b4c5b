import { useEffect, useState, type FormEvent } from 'react';
import { fieldErrors } from './fieldErrors.ts';
import { useFocusFirstInvalid } from './useFocusFirstInvalid.ts';

/** The keys of a form's values that hold text (a switch's boolean is not a text field). */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

type ParseResult<D> =
  | { success: true; data: D }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * The values and error messages of a form's text fields: `field(name)` gives a TextField its
 * value, change handler and error; `accept` and `check` show what a submit found wrong and, when
 * it is refused, focus the first field to fix (put `ref` on the form).
 */
export function useFormFields<V extends object>(initial: V) {
  type F = TextField<V>;
  type Errors = Partial<Record<F, string>>;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const form = useFocusFirstInvalid();
  // A form drawn from the page's HTML can be filled in before the app takes it over (a saved
  // sign-in the browser filled in, or typing): what its fields hold then becomes the values.
  useEffect(() => {
    const filled = [...(form.ref.current?.elements ?? [])].filter(
      (el): el is HTMLInputElement => el instanceof HTMLInputElement && el.name !== '' && el.value !== el.defaultValue,
    );
    if (filled.length === 0) return;
    setValues((v) => ({ ...v, ...Object.fromEntries(filled.filter((el) => el.name in v).map((el) => [el.name, el.value])) }));
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
        const parsed = parse(values);
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
