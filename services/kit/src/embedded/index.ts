export * from './stack.ts';
export { startMongo } from './mongo.ts';
export { startRedis, freePort } from './redis.ts';
export { sessionKeyPair } from './keys.ts';
export { startTestBackend, listen } from './test-backend.ts';
export { DEMO_ADMIN, DEMO_MEMBER } from './demo-accounts.ts';
export { startTlsProxy } from './tls-proxy.ts';
export { requestFrom, type Answer } from './request-from.ts';
