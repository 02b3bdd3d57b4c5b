export { EnrolButton } from './EnrolButton.tsx';
