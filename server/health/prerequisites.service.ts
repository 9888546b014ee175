import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import {
  PREREQUISITES,
  checkFfmpeg,
  checkFfprobe,
  checkFreeSpace,
  checkSharp,
  checkWritable,
  type PrerequisiteCheck,
  type PrerequisiteReport,
} from './prerequisites.js';

const RECHECK_MS = 60_000;
const DISABLED: PrerequisiteCheck = { status: 'disabled' };

/**
 * What the app needs of its machine (ffmpeg and ffprobe when media processing is on, sharp, a writable DATA_DIR with
 * room on its disk), checked in the background at start so start-up does not wait, then each minute: one log line per
 * missing piece with what fixes it, when it goes missing, and one when it is back. `/api/ready` lists the latest
 * report, and media processing asks it before running ffmpeg. The tools, once found, are run again only when a job
 * finds one gone (`check({ tools: true })`): spawning them every minute would be work for nothing.
 */
@Injectable()
export class Prerequisites implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(Prerequisites.name);
  private readonly listeners: Array<(report: PrerequisiteReport) => Promise<void>> = [];
  private latest?: Promise<PrerequisiteReport>;
  private running?: Promise<PrerequisiteReport>;
  private timer?: NodeJS.Timeout;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), RECHECK_MS);
    this.timer.unref();
  }

  /** A check under way (its tools, its listeners' database work) ends before the database and storage close. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** The latest report; the first one while it is being made. */
  current(): Promise<PrerequisiteReport> {
    return this.latest ?? this.check();
  }

  /** Whether videos can be processed here: ffmpeg and ffprobe both run. */
  async videoToolsReady(): Promise<boolean> {
    const report = await this.current();
    return report.ffmpeg.status === 'ok' && report.ffprobe.status === 'ok';
  }

  /** Runs `listener` after every check (each minute), e.g. to resume work that waited for a missing piece. */
  onChecked(listener: (report: PrerequisiteReport) => Promise<void>): void {
    this.listeners.push(listener);
  }

  /** Checks now; `tools`: run ffmpeg and ffprobe again even if they were found before. One check at a time. */
  check(options: { tools?: boolean } = {}): Promise<PrerequisiteReport> {
    if (this.running) return this.running;
    const next = this.run(options.tools ?? false).finally(() => (this.running = undefined));
    this.running = next;
    this.latest ??= next;
    return next;
  }

  private async run(tools: boolean): Promise<PrerequisiteReport> {
    // Called before this run is recorded: `latest` is the previous report, if any.
    const known = this.latest ? await this.latest : undefined;
    const report = await this.checkAll(known, tools);
    this.log(report, known);
    this.latest = Promise.resolve(report);
    for (const listener of this.listeners) {
      await listener(report).catch((err: unknown) => this.logger.error({ err }, 'A prerequisite listener failed'));
    }
    return report;
  }

  private async checkAll(known: PrerequisiteReport | undefined, tools: boolean): Promise<PrerequisiteReport> {
    const { processing, dataDir, minFreeDiskBytes } = this.config;
    const tool = (name: 'ffmpeg' | 'ffprobe', probe: () => Promise<PrerequisiteCheck>) => {
      if (!processing.enabled) return DISABLED;
      if (!tools && known?.[name].status === 'ok') return known[name];
      return probe();
    };
    const [ffmpeg, ffprobe, sharp, data_dir, disk] = await Promise.all([
      tool('ffmpeg', () => checkFfmpeg(processing.ffmpeg)),
      tool('ffprobe', () => checkFfprobe(processing.ffprobe)),
      checkSharp(),
      checkWritable(dataDir),
      checkFreeSpace(dataDir, minFreeDiskBytes),
    ]);
    return { ffmpeg, ffprobe, sharp, data_dir, disk };
  }

  private log(report: PrerequisiteReport, previous: PrerequisiteReport | undefined): void {
    for (const name of PREREQUISITES) {
      const { status, problem, fix } = report[name];
      const was = previous?.[name].status;
      if (status === was) continue;
      if (problem) this.logger.warn({ prerequisite: name, status, fix }, `${problem}. Fix: ${fix}`);
      else if (was && was !== 'disabled') this.logger.log({ prerequisite: name, status }, `${name} is back`);
    }
  }
}
