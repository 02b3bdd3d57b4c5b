import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';

/** Default answers of the API for component tests; a test overrides what it exercises. */
export const defaultHandlers = [
  http.get('/api/auth/me', () => HttpResponse.json({ message: 'Not signed in' }, { status: 401 })),
  http.get('/api/site-stats', () => HttpResponse.json({ visitorCount: 42, likeCount: 7 })),
  http.post('/api/site-stats/visit', () => HttpResponse.json({ visitorCount: 43, likeCount: 7 })),
  http.post('/api/site-stats/like', () => HttpResponse.json({ visitorCount: 43, likeCount: 8 })),
  http.get('/api/blog/posts', () => HttpResponse.json([])),
  http.post('/api/insights/beacon', () => new HttpResponse(null, { status: 204 })),
  http.get('/api/bookings/mine', () =>
    HttpResponse.json({ memberRef: '7-memberreference00000000', counted: 0, attended: 0, upcoming: 0, next: null }),
  ),
];

export const server = setupServer(...defaultHandlers);
