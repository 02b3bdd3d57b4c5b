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
 * Starts Debian's redis-server in the foreground as a child process. With a dir the data is
 * kept (append-only file); without, nothing touches the disk.
 */
export async function startRedis(options: { port?: number; dir?: string } = {}) {
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', ''];
  if (options.dir) {
    mkdirSync(options.dir, { recursive: true });
    args.push('--dir', options.dir, '--appendonly', 'yes');
  } else {
    args.push('--appendonly', 'no');
  }
  const child = spawn(redisServerPath(), args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`)));
  });
  child.stdout!.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(); // exited or killed
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
