import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Parses a body or query with a shared zod schema; a ZodError becomes 400 with `fields` in the global filter. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return this.schema.parse(value ?? {});
  }
}
