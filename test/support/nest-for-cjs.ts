import * as common from '@nestjs/common';
import * as core from '@nestjs/core';

// The Nest modules this test file imports, for the CommonJS packages that require() them (nest-for-cjs-transform.js).
Object.assign(globalThis, {
  [Symbol.for('jest:esm:@nestjs/common')]: common,
  [Symbol.for('jest:esm:@nestjs/core')]: core,
});
