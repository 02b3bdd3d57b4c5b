export { startTestBackend, testBackendDuringSuite, type TestBackend } from './backend.ts';
export { signedSessionCookie } from './session.ts';
export { settle, until } from './wait.ts';
