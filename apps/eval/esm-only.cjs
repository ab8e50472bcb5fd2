'use strict';

// What require() gets of this package. The package is an ES module whose modules wait, as they load, for msw (an
// optional peer dependency), which require() cannot do; Node.js's own error would not say what to do instead.
const { name } = require('./package.json');

throw Object.assign(
  new Error(
    `${name} is an ES module only, which require() cannot load (it waits for an optional peer dependency, ` +
      'msw, as it loads). Load it with `await import()`, or write the file that uses it as an ES module: .mjs ' +
      '(.mts in TypeScript), or "type": "module" in package.json.',
  ),
  { code: 'ERR_REQUIRE_ESM' },
);
