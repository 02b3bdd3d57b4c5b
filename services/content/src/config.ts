import { baseEnvSchema, loadConfig, portSchema } from '@coach/kit';
import { z } from 'zod';

export const config = loadConfig(
  baseEnvSchema.extend({
    PORT: portSchema.default(4001),
    /** Seed demo posts into an empty database (embedded mode). */
    SEED_DEMO: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    /** How long a chat waits for ai-worker's reply before answering 504. */
    CHAT_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
    /** Chat messages per minute and IP (both chats together). */
    CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** How long POST /api/blog/generate-daily waits for the stored post before answering 504. */
    GENERATE_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  }),
);
