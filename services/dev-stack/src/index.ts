export * from './stack.ts';
export { databaseUrl, startMongo } from './mongo.ts';
export { freePort, freePorts } from './ports.ts';
export { startRedis } from './redis.ts';
export { sessionKeyPair, vapidKeyPair } from './keys.ts';
export { startTestBackend, listen } from './test-backend.ts';
export { startTestSmtp, type Received, type TestSmtp } from './test-smtp.ts';
export { DEMO_ADMIN, DEMO_MEMBER } from './demo-accounts.ts';
export { startTlsProxy } from './tls-proxy.ts';
export { makeTestCertificate } from './test-certificate.ts';
export { requestFrom, type Answer } from './request-from.ts';
export { storeConfirmedSubscribers } from './subscribers.ts';
export { startReplicaSet, type ReplicaSet } from './replica-set.ts';
export { startSentinelRedis, type SentinelRedis } from './sentinel.ts';
export {
  startTestPushService,
  decryptPushMessage,
  type PushReceived,
  type TestPushService,
} from './test-push-service.ts';
export { startRazorpayStandin, type RazorpayPayment, type RazorpayStandin } from './razorpay-standin.ts';
