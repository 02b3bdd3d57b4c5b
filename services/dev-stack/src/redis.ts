import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { startOnFreePort } from './ports.ts';

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
  // Its errors are passed on, not inherited: a server left behind by a killed test worker must
  // not hold the test runner's own output open (the runner would wait for it for ever).
  const child = spawn(redisServerPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.pipe(process.stderr, { end: false });
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
  const persistence = options.dir ? ['--dir', options.dir, '--appendonly', 'yes'] : ['--appendonly', 'no'];
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  return await startOnFreePort(options.port, async (port) => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, ...(options.args ?? [])];
    return { url: `redis://127.0.0.1:${port}`, port, ...(await runRedisServer(args)) };
  });
}
