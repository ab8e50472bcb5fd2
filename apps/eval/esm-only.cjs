'use strict';

// What require() gets of this package, which is published as an ES module only: the error says how to load it,
// where Node.js's own would not.
const { name } = require('./package.json');

throw Object.assign(
  new Error(
    `${name} is an ES module only: require() does not load it. Load it with \`await import()\`, or write the ` +
      'file that uses it as an ES module: .mjs (.mts in TypeScript), or "type": "module" in package.json.',
  ),
  { code: 'ERR_REQUIRE_ESM' },
);
