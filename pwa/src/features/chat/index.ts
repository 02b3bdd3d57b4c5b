// The chat's state: other widgets step aside while it is open.
export { useChat } from './store.ts';
export { ChatWidget } from './ChatWidget.tsx';
