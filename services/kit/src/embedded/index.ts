export * from './stack.ts';
export { databaseUrl, startMongo } from './mongo.ts';
export { startRedis, freePort } from './redis.ts';
export { sessionKeyPair } from './keys.ts';
export { startTestBackend, listen } from './test-backend.ts';
export { startTestSmtp, type Received, type TestSmtp } from './test-smtp.ts';
export { DEMO_ADMIN, DEMO_MEMBER } from './demo-accounts.ts';
export { startTlsProxy } from './tls-proxy.ts';
export { requestFrom, type Answer } from './request-from.ts';
