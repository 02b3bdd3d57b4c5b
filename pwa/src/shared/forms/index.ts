// The parts every form of the app is built from: the card and form of the account pages, the
// password field, the values and errors of a form's fields, and the API's field errors.
export { AuthCard, type AuthCardTexts } from './AuthCard.tsx';
export { AuthForm, type AuthFormTexts } from './AuthForm.tsx';
export { fieldErrors, serverFieldErrors } from './fieldErrors.ts';
export { PasswordField } from './PasswordField.tsx';
export { useFocusFirstInvalid } from './useFocusFirstInvalid.ts';
export { useFormFields } from './useFormFields.ts';
