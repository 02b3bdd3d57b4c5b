import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_IDENTITY, SITE_IDENTITY_ID, siteIdentityElement } from '@coach/site-rules';
import { siteIdentityEnvSchema, siteIdentityFromEnv } from './site-identity-env.ts';

const identityOf = (env: Record<string, string>) => siteIdentityFromEnv(siteIdentityEnvSchema.parse(env));

describe("the coach's identity from the environment", () => {
  it('is the placeholder identity when nothing is set, or set empty as compose passes it', () => {
    expect(identityOf({})).toEqual(DEFAULT_SITE_IDENTITY);
    expect(identityOf({ COACH_NAME: '', COACH_BRAND: ' ', COACH_BOOKING_URL: '' })).toEqual(DEFAULT_SITE_IDENTITY);
  });

  it('takes each variable, and names the brand after the coach when it is not set', () => {
    expect(identityOf({ COACH_NAME: ' Asha Rao ', COACH_BOOKING_URL: 'https://cal.example/asha' })).toMatchObject({
      name: 'Asha Rao',
      brand: 'Asha Rao Coaching',
      bookingUrl: 'https://cal.example/asha',
      email: DEFAULT_SITE_IDENTITY.email,
    });
    expect(identityOf({ COACH_NAME: 'Asha Rao', COACH_BRAND: 'Still Water' }).brand).toBe('Still Water');
  });

  it("keeps the site address's origin alone, and refuses one that is not http(s)", () => {
    expect(identityOf({ SITE_URL: 'https://Coach.example/blog/' }).siteUrl).toBe('https://coach.example');
    expect(identityOf({ SITE_URL: 'http://localhost:8090' }).siteUrl).toBe('http://localhost:8090');
    expect(siteIdentityEnvSchema.safeParse({ SITE_URL: 'ftp://coach.example' }).success).toBe(false);
  });

  it('refuses links that are not https, a number with more than digits and an address that is none', () => {
    const result = siteIdentityEnvSchema.safeParse({
      COACH_BOOKING_URL: 'http://cal.example/asha',
      COACH_INSTAGRAM_URL: 'javascript:alert(1)',
      COACH_WHATSAPP_NUMBER: '+44 7700 900123',
      COACH_PUBLIC_EMAIL: 'asha at example',
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'COACH_BOOKING_URL',
      'COACH_INSTAGRAM_URL',
      'COACH_PUBLIC_EMAIL',
      'COACH_WHATSAPP_NUMBER',
    ]);
  });

  it('travels in a page as JSON that no value can break out of, its fields always in one order', () => {
    const identity = identityOf({ COACH_NAME: 'Asha </script><script>alert(1)</script>' });
    const element = siteIdentityElement(identity);
    expect(element.startsWith(`<script type="application/json" id="${SITE_IDENTITY_ID}">`)).toBe(true);
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    const json = element.slice(element.indexOf('>') + 1, -'</script>'.length);
    expect(JSON.parse(json)).toEqual(identity);
    expect(siteIdentityElement({ ...identity })).toBe(
      siteIdentityElement(Object.fromEntries(Object.entries(identity).reverse()) as typeof identity),
    );
  });
});
