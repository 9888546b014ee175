import { z } from 'zod';

// What `GET /api/health` and `GET /api/ready` answer: liveness, and readiness for a load balancer with what the
// instance lacks (server/health/).

/** What the app needs of its machine, checked at start and then each minute (server/health/prerequisites.ts). */
export const PREREQUISITES = ['ffmpeg', 'ffprobe', 'sharp', 'data_dir', 'disk'] as const;
export type TPrerequisite = (typeof PREREQUISITES)[number];

/** `disabled`: not needed with this configuration (no media processing, no ffmpeg). */
export const PREREQUISITE_STATUSES = ['ok', 'disabled', 'missing', 'not_writable', 'low'] as const;
export type TPrerequisiteStatus = (typeof PREREQUISITE_STATUSES)[number];

/** `GET /api/health`: the process answers. */
export const ZLiveness = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' });
export type TLiveness = z.output<typeof ZLiveness>;

const ZServiceStatus = z.enum(['ok', 'unavailable']);

const ZPrerequisiteCheck = z
  .object({
    status: z.enum(PREREQUISITE_STATUSES),
    /** The command or setting that fixes it (names no path); absent when nothing needs fixing. */
    fix: z.string().optional(),
  })
  .meta({ id: 'PrerequisiteCheck' });

/** Each service the instance reaches, then each prerequisite of its machine. */
export const ZReadinessChecks = z
  .object({
    database: z.object({ status: ZServiceStatus, kind: z.enum(['postgres', 'pglite']) }),
    cache: z.object({ status: ZServiceStatus, kind: z.enum(['redis', 'memory']) }),
    ...(Object.fromEntries(PREREQUISITES.map((name) => [name, ZPrerequisiteCheck])) as Record<
      TPrerequisite,
      typeof ZPrerequisiteCheck
    >),
  })
  .meta({ id: 'ReadinessChecks' });
export type TReadinessChecks = z.output<typeof ZReadinessChecks>;

/**
 * `GET /api/ready` while the database answers: `degraded` when the cache is out of reach or the machine lacks a piece
 * (videos wait for ffmpeg…): the instance still serves and stays in the load balancer.
 */
export const ZReadiness = z
  .object({ status: z.enum(['ok', 'degraded']), checks: ZReadinessChecks })
  .meta({ id: 'Readiness' });
export type TReadiness = z.output<typeof ZReadiness>;

/** The 503 of `GET /api/ready`: the database does not answer; `detail` names every check that failed. */
export const ZNotReady = z
  .object({ detail: z.string(), code: z.literal('not_ready'), checks: ZReadinessChecks })
  .meta({ id: 'NotReady' });
