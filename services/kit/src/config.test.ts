import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  const schema = z.object({ LIMIT: z.coerce.number().int().positive().default(60), NAME: z.string().default('site') });

  it('treats an empty variable as unset, so its default holds (compose passes ${VAR:-})', () => {
    expect(loadConfig(schema, { LIMIT: '', NAME: '' })).toEqual({ LIMIT: 60, NAME: 'site' });
    expect(loadConfig(schema, { LIMIT: '7', NAME: 'coach' })).toEqual({ LIMIT: 7, NAME: 'coach' });
  });
});
