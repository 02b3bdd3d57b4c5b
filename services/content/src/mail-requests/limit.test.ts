import { testBackendDuringSuite } from '@coach/kit/testing';
import { expect, it } from 'vitest';
import { createMailRequestLimit, inboxOf } from './limit.ts';

// A real mongod holds the count.
testBackendDuringSuite('content-mail-limit-test');

it('promises an address mail for 3 requests an hour; a request sent again with its key keeps its answer', async () => {
  const limit = createMailRequestLimit(3);
  const answers = [];
  // The first request is sent again (an outage answered it 503) before and after the others.
  for (const key of ['first', 'first', 'second', 'third', 'first', 'fourth', 'third'])
    answers.push(await limit.allow('Someone@Example.org', `contact:${key}`));
  expect(answers).toEqual([true, true, true, true, true, false, true]);
  // Each request without a key is a new one; the address is spelled in any case.
  expect(await limit.allow('someone@example.org')).toBe(false);
  expect(await limit.allow('another@example.org')).toBe(true);
});

it('counts requests sent at the same moment exactly', async () => {
  const limit = createMailRequestLimit(3);
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => limit.allow('busy@example.org', `k${i}`)));
  expect(answers.filter(Boolean)).toHaveLength(3);
});

it('counts the variants of one inbox together: tags, and at Gmail dots and the other domain', async () => {
  expect(inboxOf('Jane.Doe+news@Example.org')).toBe('jane.doe@example.org');
  expect(inboxOf('j.a.n.e+1@googlemail.com')).toBe('jane@gmail.com');
  const limit = createMailRequestLimit(3);
  const variants = ['victim+1@gmail.com', 'v.ictim@gmail.com', 'Victim+x@GoogleMail.com', 'vic.tim+2@gmail.com'];
  const answers = [];
  for (const email of variants) answers.push(await limit.allow(email));
  expect(answers).toEqual([true, true, true, false]);
  // Dots still make another inbox elsewhere.
  expect(await limit.allow('v.ictim@example.org')).toBe(true);
});
