import { randomBytes } from 'node:crypto';
import { rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { TPrerequisite, TPrerequisiteStatus } from '../../shared/health.js';
import { runTool } from '../media/processing/run-tool.js';

// What the app needs of its machine, checked at start and then each minute (server/health/prerequisites.service.ts).
export { PREREQUISITES, type TPrerequisite } from '../../shared/health.js';

export interface PrerequisiteCheck {
  /** `disabled`: not needed with this configuration (no media processing, no ffmpeg). */
  status: TPrerequisiteStatus;
  /** What is wrong and what it stops, for the log (may name paths). */
  problem?: string;
  /** The command or setting that fixes it, for the log and `/api/ready` (names no path). */
  fix?: string;
}

export type PrerequisiteReport = Record<TPrerequisite, PrerequisiteCheck>;

/** A tool's answer to `-version` comes at once; a machine this busy would be noticed elsewhere. */
const TOOL_TIMEOUT_MS = 10_000;
/** The encoders every processed video is written with (server/media/processing/video.ts). */
const ENCODERS = ['libx264', 'aac'];
const MB = 1024 * 1024;
/** How ffmpeg and ffprobe are installed on Debian and Ubuntu (the Docker image and CI do this). */
export const INSTALL_FFMPEG = 'apt-get install ffmpeg';

const OK: PrerequisiteCheck = { status: 'ok' };

async function runs(command: string, args: string[]): Promise<string | null> {
  try {
    return await runTool(command, args, TOOL_TIMEOUT_MS);
  } catch {
    return null;
  }
}

/** ffmpeg runs and has the encoders the processed videos need (a build without libx264 would fail every video). */
export async function checkFfmpeg(command: string): Promise<PrerequisiteCheck> {
  const encoders = await runs(command, ['-hide_banner', '-encoders']);
  const fix = `${INSTALL_FFMPEG}, or set FFMPEG_PATH to where it is`;
  if (encoders === null) {
    return { status: 'missing', problem: `ffmpeg does not run (FFMPEG_PATH=${command}): videos wait for it`, fix };
  }
  const lacking = ENCODERS.filter((name) => !new RegExp(`^\\s*\\S+\\s+${name}\\s`, 'm').test(encoders));
  if (lacking.length) {
    return { status: 'missing', problem: `ffmpeg (${command}) lacks ${lacking.join(' and ')}: videos wait`, fix };
  }
  return OK;
}

export async function checkFfprobe(command: string): Promise<PrerequisiteCheck> {
  if ((await runs(command, ['-hide_banner', '-version'])) !== null) return OK;
  return {
    status: 'missing',
    problem: `ffprobe does not run (FFPROBE_PATH=${command}): videos wait for it`,
    fix: `${INSTALL_FFMPEG} (it brings ffprobe), or set FFPROBE_PATH to where it is`,
  };
}

/** sharp's native part loads and writes the formats photos are published in. */
export async function checkSharp(): Promise<PrerequisiteCheck> {
  try {
    const pixel = sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } });
    await Promise.all([pixel.clone().webp().toBuffer(), pixel.clone().jpeg().toBuffer()]);
    return OK;
  } catch (error) {
    return {
      status: 'missing',
      problem: `sharp does not work (${String(error)}): photos cannot be processed`,
      fix: 'npm rebuild sharp, or rm -rf node_modules && npm ci',
    };
  }
}

/** A file can be written and removed in `dir` (the embedded database, local media, the mail outbox live there). */
export async function checkWritable(dir: string): Promise<PrerequisiteCheck> {
  const probe = join(dir, `.write-check-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(probe, '');
    await rm(probe);
    return OK;
  } catch (error) {
    return {
      status: 'not_writable',
      problem: `DATA_DIR (${dir}) is not writable: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      fix: "give the app's user write access to DATA_DIR, or set DATA_DIR to a directory it may write",
    };
  }
}

export async function checkFreeSpace(dir: string, minBytes: number): Promise<PrerequisiteCheck> {
  try {
    const disk = await statfs(dir);
    const free = disk.bavail * disk.bsize;
    if (free >= minBytes) return OK;
    return {
      status: 'low',
      problem: `DATA_DIR's disk (${dir}) has ${Math.floor(free / MB)} MB free, under MIN_FREE_DISK_MB (${Math.floor(minBytes / MB)})`,
      fix: "free space on DATA_DIR's disk, or lower MIN_FREE_DISK_MB",
    };
  } catch (error) {
    return {
      status: 'not_writable',
      problem: `DATA_DIR (${dir}) cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      fix: 'set DATA_DIR to a directory the app may use',
    };
  }
}
