// Public write path: visit, like, newsletter and contact, each POST with an Idempotency-Key
// (and one replay of it, which must not store twice). The gateway limits writes per IP
// (RATE_LIMIT_WRITES_PER_MINUTE, 60 by default): raise it on the target for a load test.
// Run: k6 run -e BASE_URL=https://coach.example k6/public-write.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { uuidv4 } from 'https://jslib.k6.io/k6-utils/1.4.0/index.js';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const JSON_HEADERS = { 'Content-Type': 'application/json' };

export const options = {
  scenarios: {
    writers: { executor: 'constant-vus', vus: Number(__ENV.VUS || 10), duration: __ENV.DURATION || '1m' },
  },
  thresholds: { http_req_failed: ['rate<0.01'], http_req_duration: ['p(99)<200'] },
};

function post(path, body, name) {
  const params = { headers: { ...JSON_HEADERS, 'Idempotency-Key': uuidv4() }, tags: { name } };
  const first = http.post(`${BASE_URL}${path}`, body ? JSON.stringify(body) : null, params);
  const replay = http.post(`${BASE_URL}${path}`, body ? JSON.stringify(body) : null, params);
  check(first, { [`${name} accepted`]: (r) => r.status === 200 || r.status === 201 });
  check(replay, { [`${name} replay returns the first answer`]: (r) => r.headers['Idempotent-Replayed'] === 'true' });
}

export default function () {
  const id = `${__VU}-${__ITER}`;
  post('/api/site-stats/visit', null, 'visit');
  post('/api/site-stats/like', null, 'like');
  post('/api/newsletter', { email: `load-${id}@example.com` }, 'newsletter');
  post(
    '/api/contact',
    { name: 'Load Test', email: `load-${id}@example.com`, subject: 'general', message: 'A message from the k6 write scenario.' },
    'contact',
  );
  sleep(Number(__ENV.THINK_SECONDS || 0.5));
}
