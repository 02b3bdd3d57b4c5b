import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { freePort } from './ports.ts';

function redisServerPath(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('redis-server is not installed: run `apt-get install -y redis-server` (npm start does it as root)');
  }
}

/**
 * Runs Debian's redis-server with these arguments in the foreground as a child process, until
 * its log shows `ready` (a data server's "Ready to accept connections"; a Sentinel's ID).
 */
export async function runRedisServer(args: string[], ready = 'Ready to accept connections') {
  const child = spawn(redisServerPath(), args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`)));
  });
  child.stdout!.resume();
  return {
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(); // exited or killed
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts Debian's redis-server in the foreground as a child process. With a dir the data is
 * kept (append-only file); without, nothing touches the disk. `args` are added (--replicaof).
 */
export async function startRedis(options: { port?: number; dir?: string; args?: string[] } = {}) {
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', ''];
  if (options.dir) {
    mkdirSync(options.dir, { recursive: true });
    args.push('--dir', options.dir, '--appendonly', 'yes');
  } else {
    args.push('--appendonly', 'no');
  }
  return { url: `redis://127.0.0.1:${port}`, port, ...(await runRedisServer([...args, ...(options.args ?? [])])) };
}
