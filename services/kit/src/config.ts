import { z } from 'zod';

/** Variables every service reads; each service extends this with its own. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MONGO_URL: z.string().min(1),
  REDIS_URL: z.string().min(1),
  /** PEM of the members service's public key; sessions are verified with it. */
  SESSION_PUBLIC_KEY: z.string().min(1),
  /** Secure cookies everywhere but the embedded mode (plain http://localhost). */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/**
 * Parses the environment once at start. A missing or wrong variable stops the process with a
 * message that names it, instead of failing later on first use. An empty variable counts as
 * unset (compose passes `${VAR:-}` for every setting the operator left out), so its default holds.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(given);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  console.error(`Invalid configuration; set these environment variables:\n${lines.join('\n')}`);
  process.exit(1);
}

export const portSchema = z.coerce.number().int().min(0).max(65535);
