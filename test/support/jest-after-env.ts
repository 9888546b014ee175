import { contractViolations } from './contract-violations.js';

// After every test file: the answers its test apps gave that the API document does not describe fail it. A hook of
// its own, not the app's close(), so the suite's own cleanup (fake servers, browsers) runs whatever is found.
afterAll(() => {
  if (contractViolations.length) {
    throw new Error(`Answers the API document does not describe:\n${[...new Set(contractViolations)].join('\n')}`);
  }
});
