import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseEnvSchema, loadConfig } from './config.ts';

/** What loadConfig printed before stopping the process, or its result. */
function load<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> | string {
  const printed: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void printed.push(line));
  vi.spyOn(process, 'exit').mockImplementation(() => {
    throw new Error('exit');
  });
  try {
    return loadConfig(schema, env);
  } catch {
    return printed.join('\n');
  }
}
afterEach(() => vi.restoreAllMocks());

const secret = (text: string) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'coach-secret-')), 'secret');
  writeFileSync(file, text);
  return file;
};

describe('loadConfig', () => {
  const schema = z.object({ LIMIT: z.coerce.number().int().positive().default(60), NAME: z.string().default('site') });

  it('treats an empty variable as unset, so its default holds (compose passes ${VAR:-})', () => {
    expect(loadConfig(schema, { LIMIT: '', NAME: '' })).toEqual({ LIMIT: 60, NAME: 'site' });
    expect(loadConfig(schema, { LIMIT: '7', NAME: 'coach' })).toEqual({ LIMIT: 7, NAME: 'coach' });
  });

  it('reads any setting from the file NAME_FILE names (a Docker secret), without its last line break', () => {
    expect(load(schema, { NAME_FILE: secret('from a secret\n'), LIMIT_FILE: secret('9') })).toEqual({
      LIMIT: 9,
      NAME: 'from a secret',
    });
    const pem = '-----BEGIN PUBLIC KEY-----\nAAA\n-----END PUBLIC KEY-----';
    expect(load(schema, { NAME_FILE: secret(`${pem}\n`) })).toMatchObject({ NAME: pem });
  });

  it("opens no file for a setting the service does not read (the gateway's MONGO_PASSWORD_FILE)", () => {
    expect(
      load(schema, { NAME: 'a', OTHER_FILE: '/run/secrets/nowhere', MONGO_PASSWORD_FILE: '/run/secrets/nowhere' }),
    ).toEqual({
      LIMIT: 60,
      NAME: 'a',
    });
  });

  it('stops naming the setting when its file is missing or both ways are given', () => {
    expect(load(schema, { NAME_FILE: '/run/secrets/nowhere' })).toContain(
      'NAME_FILE: cannot read /run/secrets/nowhere (ENOENT): there is no such file; check the path',
    );
    expect(load(schema, { NAME: 'a', NAME_FILE: secret('b') })).toContain(
      'NAME: set either NAME or NAME_FILE, not both',
    );
  });

  it('stops naming the file, the uid the service runs as and the fix when it may not read the file', () => {
    // Root reads any file, so as root the service becomes nobody once its code is loaded (the
    // checkout may be closed to nobody); either way the file has mode 000.
    const uid = process.getuid!() === 0 ? 65534 : process.getuid!();
    const becomeNobody = uid === 65534 ? 'process.setgid(65534); process.setuid(65534); ' : '';
    const dir = mkdtempSync(path.join(os.tmpdir(), 'coach-secret-'));
    chmodSync(dir, 0o755);
    const file = path.join(dir, 'redis_password');
    writeFileSync(file, 'r3dis');
    chmodSync(file, 0o000);
    const config = fileURLToPath(new URL('./config.ts', import.meta.url));
    const service = spawnSync(
      process.execPath,
      [
        '--import',
        import.meta.resolve('tsx'),
        '-e',
        `import(${JSON.stringify(config)}).then((kit) => { ${becomeNobody}kit.loadConfig(kit.baseEnvSchema); })`,
      ],
      {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          MONGO_URL: 'mongodb://m/db',
          REDIS_URL: 'redis://r',
          SESSION_PUBLIC_KEY: 'pem',
          REDIS_PASSWORD_FILE: file,
        },
      },
    );
    expect(service.stderr).toContain(
      `REDIS_PASSWORD_FILE: cannot read ${file} (EACCES): this service runs as uid ${uid}; make the file readable by it (chmod 644 with its folder kept private, or chown ${uid})`,
    );
    expect(service.status).toBe(1);
  });

  it('puts MONGO_PASSWORD and REDIS_PASSWORD (or their files) into the URLs, a replica set URL too', () => {
    const base = { SESSION_PUBLIC_KEY: 'pem' };
    const config = load(baseEnvSchema, {
      ...base,
      MONGO_URL: 'mongodb://coach@m1:27017,m2:27017,m3:27017/coach-content?replicaSet=rs0&authSource=admin',
      MONGO_PASSWORD_FILE: secret('s3cret/+\n'),
      REDIS_URL: 'redis://redis:6379',
      REDIS_PASSWORD: 'r3dis',
    });
    expect(config).toMatchObject({
      MONGO_URL:
        'mongodb://coach:s3cret%2F%2B@m1:27017,m2:27017,m3:27017/coach-content?replicaSet=rs0&authSource=admin',
      REDIS_URL: 'redis://:r3dis@redis:6379',
    });
  });

  it('reads REDIS_SENTINELS as a host:port list and refuses anything else, naming it', () => {
    const base = { SESSION_PUBLIC_KEY: 'pem', MONGO_URL: 'mongodb://m/db', REDIS_URL: 'redis://r' };
    expect(load(baseEnvSchema, { ...base, REDIS_SENTINELS: 's1:26379,10.0.0.2:26380' })).toMatchObject({
      REDIS_SENTINELS: [
        { host: 's1', port: 26379 },
        { host: '10.0.0.2', port: 26380 },
      ],
      REDIS_SENTINEL_NAME: 'coach',
    });
    expect(load(baseEnvSchema, { ...base, REDIS_SENTINELS: 's1' })).toContain(
      'REDIS_SENTINELS: must be host:port[,host:port...]',
    );
  });
});
