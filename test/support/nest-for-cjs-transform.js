/**
 * Nest is ESM only since 12, and @nestjs/throttler is CommonJS that require()s it: Node runs that (require(esm)), jest
 * on Node 20 does not. This transform hands the package's require() of Nest the ESM modules the test file imported
 * (nest-for-cjs.ts), so both see one Nest, as under Node.
 */
const NEST = /require\("(@nestjs\/(?:common|core))"\)/g;

export default {
  process(source) {
    return { code: source.replace(NEST, (_, name) => `globalThis[Symbol.for('jest:esm:${name}')]`) };
  },
};
