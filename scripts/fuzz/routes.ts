import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as contracts from '@coach/contracts';
import { REPO_ROOT } from '@coach/dev-stack';
import { MEMBER_PAGE_READS, NATIVE_FORMS } from '@coach/site-rules';
import type { z } from 'zod';
import { upstreamFor } from '../../services/gateway/src/proxy/route-table.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route as the fuzz sends to it, with the contracts' schemas its handler parses. */
export interface FuzzRoute {
  method: Method;
  /** Express path, `:name` for a parameter. */
  path: string;
  /** Who answers it: a service by the gateway's route table, or the gateway itself. */
  owner: 'content' | 'members' | 'gateway';
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** A page's form (application/x-www-form-urlencoded): its fields, and the API it is sent on to. */
  form?: { fields: readonly string[]; api: string };
}

const SERVICE_SOURCES = ['services/content/src', 'services/members/src'];
const ROUTE_CALL = /router\.(get|post|put|patch|delete)\(\s*('[^']+'|`[^`]+`|[A-Z_]+(?:\.\w+)?)/g;
const PARSED = /parse\(\s*(\w+Schema),\s*(?:\{\s*\.\.\.req\.query,\s*\.\.\.)?(?:req\.)?(body|query|params)\b/g;

const schemaNamed = (name: string) => (contracts as Record<string, unknown>)[name] as z.ZodType | undefined;

/** A path constant of the contracts (`BEACON_PATH`, `WEBHOOK_PATHS.razorpay`), or a literal. */
function pathOf(expression: string): string[] {
  if (/^['`]/.test(expression)) {
    const literal = expression.slice(1, -1);
    // The community's report routes are one template over its two kinds.
    return literal.includes('${path}')
      ? ['posts', 'replies'].map((kind) => literal.replace('${path}', kind))
      : [literal];
  }
  const [name, key] = expression.split('.') as [string, string?];
  const value = (contracts as Record<string, unknown>)[name];
  const resolved = key ? (value as Record<string, unknown>)[key] : value;
  if (typeof resolved !== 'string') throw new Error(`route path ${expression} is not a contracts constant`);
  return [resolved];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Every /api route content and members declare, read from their routers' source, with the
 * schemas each handler parses its body, query and params with (up to the next route).
 */
function serviceRoutes(): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const file of SERVICE_SOURCES.flatMap((dir) => sourceFiles(path.join(REPO_ROOT, dir)))) {
    const source = readFileSync(file, 'utf8');
    const calls = [...source.matchAll(ROUTE_CALL)];
    calls.forEach((call, i) => {
      const handler = source.slice(call.index, calls[i + 1]?.index ?? source.length);
      const schemas: Partial<Record<'body' | 'query' | 'params', z.ZodType>> = {};
      for (const [, name, part] of handler.matchAll(PARSED))
        schemas[part as 'body' | 'query' | 'params'] ??= schemaNamed(name!);
      for (const routePath of pathOf(call[2]!)) {
        if (!routePath.startsWith('/api/')) continue;
        const owner = upstreamFor(routePath.replace(/:\w+/g, 'x'));
        if (!owner) throw new Error(`${routePath} is not in the gateway's route table`);
        routes.push({ method: call[1]!.toUpperCase() as Method, path: routePath, owner, ...schemas });
      }
    });
  }
  return routes;
}

/** The gateway's own routes: the pages' forms, the feeds, the pages it draws, its health. */
function gatewayRoutes(): FuzzRoute[] {
  const get = (routePath: string): FuzzRoute => ({ method: 'GET', path: routePath, owner: 'gateway' });
  return [
    ...Object.entries(NATIVE_FORMS).map(([action, form]): FuzzRoute => ({
      method: 'POST',
      path: action,
      owner: 'gateway',
      form: { fields: [...form.fields, ...('repeats' in form ? [form.repeats.field] : [])], api: form.api },
    })),
    ...['/health', '/robots.txt', '/sitemap.xml', '/sitemap-:n.xml', '/rss.xml', '/blog', '/blog/:slug'].map(get),
    ...['/images/:name', '/index.html', '/sw.js', '/manifest.webmanifest', '/:page'].map(get),
    ...Object.keys(MEMBER_PAGE_READS).map(get),
  ];
}

/** Every route the fuzz sends to; each prefix of the gateway's route table has at least one. */
export function fuzzRoutes(): FuzzRoute[] {
  return [...serviceRoutes(), ...gatewayRoutes()];
}
