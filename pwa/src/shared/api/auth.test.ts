import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleMember as member } from '../../test/http.ts';
import { server } from '../../test/server.ts';
import { AUTH_ME_KEY, currentUserQuery, startSession } from './auth.ts';
import { createQueryClient } from './client.ts';

describe('starting a session', () => {
  it('reads the new session even while a check made before the sign-in is still on its way', async () => {
    let signedIn = false;
    server.use(
      http.get('/api/auth/me', async () => {
        const answer = signedIn
          ? HttpResponse.json(member)
          : HttpResponse.json({ message: 'Not signed in' }, { status: 401 });
        await delay(signedIn ? 0 : 200); // the page's first check, slow, made before the cookie existed
        return answer;
      }),
    );
    const queryClient = createQueryClient();
    const firstCheck = queryClient.fetchQuery(currentUserQuery).catch(() => undefined);
    await delay(20);
    signedIn = true; // the sign-in's answer set the cookie
    expect(await startSession(queryClient)).toEqual(member);
    await firstCheck;
    expect(queryClient.getQueryData(AUTH_ME_KEY)).toEqual(member);
  });
});
