export { GuideDialog } from './GuideDialog.tsx';
