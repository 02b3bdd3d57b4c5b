import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@coach/dev-stack';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// No Docker engine runs here, so docker-compose.yml is read as compose would read it: as YAML
// first (interpolation comes after parsing), then what it promises an operator is checked.
interface ComposeService {
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
}
const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};
const services = Object.entries(compose.services);

describe('docker-compose.yml', () => {
  it('publishes the edge proxy alone, on 80 and 443', () => {
    const published = services.filter(([, service]) => service.ports).map(([name, service]) => [name, service.ports]);
    expect(published).toEqual([['proxy', ['80:80', '443:443']]]);
  });

  it("mounts only files the repository holds, among them the tests' forwarding settings", () => {
    const mounted = services.flatMap(([, service]) => service.volumes ?? []).filter((v) => v.startsWith('./'));
    expect(mounted).toContain('./deploy/nginx/gateway-proxy.conf:/etc/nginx/gateway-proxy.conf:ro');
    for (const volume of mounted) expect(existsSync(path.join(REPO_ROOT, volume.split(':')[0]!))).toBe(true);
  });

  it('tells the gateway that one proxy stands in front, and refuses to start without a domain', () => {
    expect(compose.services.gateway!.environment!.TRUSTED_PROXIES).toBe('1');
    expect(compose.services.proxy!.environment!.SITE_DOMAIN).toMatch(/^\$\{SITE_DOMAIN:\?.+\}$/);
  });
});
