import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PUSH_ENDPOINT_MESSAGES,
  pushEndpointEnvSchema,
  pushEndpointRefusal,
  pushEndpointRulesOf,
  refusePrivatePushInProduction,
} from './push-endpoints.ts';

const rulesOf = (env: Record<string, string>) => pushEndpointRulesOf(pushEndpointEnvSchema.parse(env));

describe('push endpoints', () => {
  it("by default take https endpoints on the browsers' push services alone", () => {
    const rules = rulesOf({});
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://web.push.apple.com/QGx3',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(pushEndpointRefusal(endpoint, rules), endpoint).toBeUndefined();
    for (const endpoint of [
      'https://localhost./push/1',
      'https://localhost:8443/x',
      'https://[::7f00:1]/x',
      'https://[64:ff9b::7f00:1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://198.18.0.1/x',
      'https://224.0.0.1/x',
      'https://127.0.0.1/push/1',
      'https://169.254.169.254/latest',
      'https://127.0.0.1.nip.io/x',
      'https://metadata.google.internal./x',
      'https://fcm.googleapis.com./x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://notify.windows.com/x',
      'https://user:pass@fcm.googleapis.com/x',
    ])
      expect(pushEndpointRefusal(endpoint, rules), endpoint).toBe(PUSH_ENDPOINT_MESSAGES.notPushService);
    expect(pushEndpointRefusal('http://fcm.googleapis.com/fcm/send/x', rules)).toBe(PUSH_ENDPOINT_MESSAGES.https);
  });

  it('take the hosts PUSH_SERVICE_HOSTS names instead, and any https endpoint when private ones are allowed', () => {
    const rules = rulesOf({ PUSH_SERVICE_HOSTS: 'push.example, *.Push.Example' });
    expect(pushEndpointRefusal('https://push.example/1', rules)).toBeUndefined();
    expect(pushEndpointRefusal('https://eu.push.example/1', rules)).toBeUndefined();
    expect(pushEndpointRefusal('https://fcm.googleapis.com/fcm/send/1', rules)).toBeDefined();
    expect(pushEndpointEnvSchema.safeParse({ PUSH_SERVICE_HOSTS: 'https://push.example' }).success).toBe(false);
    const open = rulesOf({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
    expect(pushEndpointRefusal('https://127.0.0.1:8443/push/1', open)).toBeUndefined();
    expect(pushEndpointRefusal('http://127.0.0.1:8443/push/1', open)).toBe(PUSH_ENDPOINT_MESSAGES.https);
  });

  it('refuse PUSH_ALLOW_PRIVATE_ENDPOINTS in production', () => {
    const schema = z
      .object({ NODE_ENV: z.string() })
      .extend(pushEndpointEnvSchema.shape)
      .superRefine(refusePrivatePushInProduction);
    const production = schema.safeParse({ NODE_ENV: 'production', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
    expect(production.error?.issues.map((i) => i.path.join('.'))).toEqual(['PUSH_ALLOW_PRIVATE_ENDPOINTS']);
    expect(schema.safeParse({ NODE_ENV: 'test', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }).success).toBe(true);
    expect(schema.safeParse({ NODE_ENV: 'production' }).success).toBe(true);
  });
});
