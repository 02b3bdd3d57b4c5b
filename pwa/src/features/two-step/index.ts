// Two-step sign-in as the sign-in pages, the profile and the dashboard use it.
export { TwoStepReminder } from './TwoStepReminder.tsx';
export { TwoStepSettings } from './TwoStepSettings.tsx';
export { TwoStepSignIn } from './TwoStepSignIn.tsx';
