export { NotifyMe } from './NotifyMe.tsx';
export { default as NotificationSettings } from './NotificationSettings.tsx';
