import { spawn } from 'node:child_process';

/** Why a media tool gave up: the merchant sees `message`, the log the tool's own last words. */
export class MediaProcessingError extends Error {
  constructor(
    readonly reason:
      | 'undecodable'
      | 'timeout'
      | 'no_video'
      | 'tool_missing'
      | 'too_long'
      | 'too_large'
      | 'several_videos'
      | 'too_many_frames',
    message: string,
    readonly details = '',
  ) {
    super(message);
  }
}

const STDERR_KEPT = 4096;

/**
 * Runs `command args…` to its end within `timeoutMs` (killed past it), and answers its standard output. A non-zero
 * exit is an `undecodable` error carrying the end of its standard error; nothing a tool prints reaches the caller's
 * streams, and no shell is involved.
 */
export function runTool(
  command: string,
  args: readonly string[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    // An aborted run (the instance shutting down) is killed and rejects with an AbortError.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? new MediaProcessingError('tool_missing', `${command} is not installed on the server.`)
          : error,
      );
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new MediaProcessingError('timeout', `Processing took longer than ${Math.round(timeoutMs / 1000)} s.`));
      } else if (code !== 0) {
        reject(new MediaProcessingError('undecodable', 'The file could not be decoded.', stderr.trim()));
      } else {
        resolve(stdout);
      }
    });
  });
}
