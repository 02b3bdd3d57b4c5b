// What other features use of accounts: the sign-in request and its forgotten-password link, the
// members-only gate, what a member is told once signed in, and the profile's security section.
export { AuthGate } from './AuthGate.tsx';
export { ForgotPasswordLink } from './ForgotPasswordLink.tsx';
export { SecuritySection } from './SecuritySection.tsx';
export { useAuthRequest } from './useAuthRequest.ts';
export { SIGNED_IN } from './signInDraft.ts';
