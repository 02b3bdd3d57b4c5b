import { baseEnvSchema, loadConfig, portSchema } from '@coach/kit';
import { z } from 'zod';

export const config = loadConfig(
  baseEnvSchema.extend({
    PORT: portSchema.default(4001),
    /** Seed demo posts into an empty database (embedded mode). */
    SEED_DEMO: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  }),
);
