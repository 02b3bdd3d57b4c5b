import { z } from 'zod';
import { booleanSetting } from './config.ts';

/**
 * The hosts of the browsers' push services: Chrome's (Firebase Cloud Messaging), Firefox's
 * (Mozilla's autopush), Safari's (Apple's) and Edge's (Windows Push Notification Services, one
 * host per region under notify.windows.com).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

/** A host name, or `*.` and a name: any host under that name (not the name itself). */
const HOST_PATTERN = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/** Where subscriptions may send the site's push messages; content and ai-worker read the same. */
export const pushEndpointEnvSchema = z.object({
  /** Comma-separated host names; `*.example.com` takes every host under example.com. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(DEFAULT_PUSH_SERVICE_HOSTS.join(','))
    .transform((v) => v.split(',').map((host) => host.trim().toLowerCase()))
    .pipe(
      z.array(z.string().regex(HOST_PATTERN, 'must be host names, comma-separated (*.example.com: any host under it)')),
    ),
  /** Any https endpoint, on any address: the tests' local push service only; refused in production. */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: booleanSetting(false),
});

/** A production process never takes PUSH_ALLOW_PRIVATE_ENDPOINTS (a refinement of a service's settings). */
export function refusePrivatePushInProduction(
  env: { NODE_ENV: string; PUSH_ALLOW_PRIVATE_ENDPOINTS: boolean },
  ctx: z.RefinementCtx,
) {
  if (env.NODE_ENV === 'production' && env.PUSH_ALLOW_PRIVATE_ENDPOINTS)
    ctx.addIssue({
      code: 'custom',
      path: ['PUSH_ALLOW_PRIVATE_ENDPOINTS'],
      message: 'is for tests only and cannot be true with NODE_ENV=production',
    });
}

export interface PushEndpointRules {
  hosts: readonly string[];
  allowPrivate: boolean;
}

export const pushEndpointRulesOf = (env: z.infer<typeof pushEndpointEnvSchema>): PushEndpointRules => ({
  hosts: env.PUSH_SERVICE_HOSTS,
  allowPrivate: env.PUSH_ALLOW_PRIVATE_ENDPOINTS,
});

export const PUSH_ENDPOINT_MESSAGES = {
  https: 'The push endpoint must be an https URL',
  notPushService: 'The push endpoint must be at a browser’s push service',
} as const;

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.length > pattern.length - 1 && host.endsWith(pattern.slice(1)) : host === pattern;

/**
 * Why the site may not send to an endpoint, or undefined when it may: https on a host of
 * `rules.hosts`, so a subscription cannot make the site call into its own network. The sender
 * also checks the addresses the host resolves to when it connects.
 */
export function pushEndpointRefusal(endpoint: string, rules: PushEndpointRules): string | undefined {
  const url = URL.parse(endpoint);
  if (url?.protocol !== 'https:') return PUSH_ENDPOINT_MESSAGES.https;
  if (rules.allowPrivate) return undefined;
  if (url.username || url.password || !rules.hosts.some((pattern) => hostMatches(url.hostname, pattern)))
    return PUSH_ENDPOINT_MESSAGES.notPushService;
  return undefined;
}
