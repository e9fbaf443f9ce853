import { makeTemplate } from './template';

// npm test (scripts/test.mjs): the journeys' template made once, before the suites start; its path is the last line
console.log(await makeTemplate());
