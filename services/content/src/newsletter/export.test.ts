import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContent, type Content } from '../testing/harness.ts';
import { SubscriberModel } from './model.ts';

// Real mongod and redis-server behind the content service.
let content: Content;
beforeAll(async () => {
  content = await startContent();
});
afterAll(() => content?.stop());

const exportCsv = (headers: Record<string, string>) =>
  fetch(`${content.url}/api/newsletter-subscribers/export.csv`, { headers });

describe('GET /api/newsletter-subscribers/export.csv', () => {
  it('streams every subscriber as an attachment, quoted, with formulas defused', async () => {
    const at = new Date('2026-03-04T05:06:07.000Z');
    const tricky = [
      { email: '=HYPERLINK("http://evil.example")@example.com', state: 'confirmed' },
      { email: '+cmd@example.com', state: 'pending' },
      { email: '-sum@example.com', state: 'unsubscribed' },
      { email: '@at@example.com', state: 'confirmed' },
      { email: 'comma,"quote"@example.com', state: 'confirmed' },
    ];
    await SubscriberModel.insertMany(tricky.map((s) => ({ ...s, subscribedAt: at })));
    await SubscriberModel.insertMany(
      Array.from({ length: 1500 }, (_, i) => ({
        email: `reader${i}@example.com`,
        state: 'confirmed',
        subscribedAt: at,
      })),
    );
    const total = await SubscriberModel.countDocuments();

    const res = await exportCsv({ cookie: await content.sessionCookie('admin') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="subscribers-${today}.csv"`);
    // Sent as it is read, not measured first.
    expect(res.headers.get('content-length')).toBeNull();
    const lines = (await res.text()).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('email,state,subscribedAt');
    expect(lines.slice(1, -1)).toHaveLength(total);
    expect(lines).toContain(`"'=HYPERLINK(""http://evil.example"")@example.com",confirmed,2026-03-04T05:06:07.000Z`);
    expect(lines).toContain(`'+cmd@example.com,pending,2026-03-04T05:06:07.000Z`);
    expect(lines).toContain(`'-sum@example.com,unsubscribed,2026-03-04T05:06:07.000Z`);
    expect(lines).toContain(`'@at@example.com,confirmed,2026-03-04T05:06:07.000Z`);
    expect(lines).toContain(`"comma,""quote""@example.com",confirmed,2026-03-04T05:06:07.000Z`);
    expect(lines).toContain('reader1499@example.com,confirmed,2026-03-04T05:06:07.000Z');
  });

  it('is for the admin only', async () => {
    expect((await exportCsv({})).status).toBe(401);
    expect((await exportCsv({ cookie: await content.sessionCookie('user') })).status).toBe(403);
  });
});
