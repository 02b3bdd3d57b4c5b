// What other features use of accounts: the sign-in card and form parts (with the API's field
// errors), the sign-in request, the members-only gate and the profile's security section.
export { AuthCard } from './AuthCard.tsx';
export { AuthForm } from './AuthForm.tsx';
export { AuthGate } from './AuthGate.tsx';
export { serverFieldErrors } from './fieldErrors.ts';
export { ForgotPasswordLink } from './ForgotPasswordLink.tsx';
export { PasswordField } from './PasswordField.tsx';
export { SecuritySection } from './SecuritySection.tsx';
export { useAuthRequest } from './useAuthRequest.ts';
export { useFormFields } from './useFormFields.ts';
