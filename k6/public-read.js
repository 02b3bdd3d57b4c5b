// Public read path: the blog list, one post, and the site statistics.
// Run against a deployment: k6 run -e BASE_URL=https://coach.example k6/public-read.js
import http from 'k6/http';
import { check, sleep } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';

export const options = {
  scenarios: {
    readers: { executor: 'constant-vus', vus: Number(__ENV.VUS || 50), duration: __ENV.DURATION || '1m' },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:site-stats}': ['p(99)<50'],
    'http_req_duration{name:posts}': ['p(99)<100'],
  },
};

export default function () {
  const posts = http.get(`${BASE_URL}/api/blog/posts`, { tags: { name: 'posts' } });
  check(posts, { 'posts 200': (r) => r.status === 200 });
  const list = posts.status === 200 ? posts.json() : [];
  if (list.length > 0) {
    const slug = list[Math.floor(Math.random() * list.length)].slug;
    check(http.get(`${BASE_URL}/api/blog/${slug}`, { tags: { name: 'post' } }), { 'post 200': (r) => r.status === 200 });
  }
  check(http.get(`${BASE_URL}/api/site-stats`, { tags: { name: 'site-stats' } }), { 'stats 200': (r) => r.status === 200 });
  sleep(Number(__ENV.THINK_SECONDS || 0.2));
}
