import { PasswordField } from '../../shared/forms/PasswordField.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import type { TextFieldProps } from '../../shared/ui/TextField.tsx';

/**
 * A new password's field (useFormFields' `field('password')`), saying the rule until it has an
 * error, and its strength meter below it; `userInputs` are the form's other words the password
 * should not be guessed from.
 */
export function NewPasswordField({
  label,
  field,
  userInputs,
}: {
  label: string;
  field: Omit<TextFieldProps, 'type'> & { value: string };
  userInputs?: string[];
}) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        {...field}
        required
        helperText={field.helperText ?? 'At least 8 characters'}
      />
      <PasswordStrengthMeter password={field.value} userInputs={userInputs} />
    </>
  );
}
