// Resolved from this folder, openapi-typescript finds the TypeScript 5 installed next to it.
module.exports = require('openapi-typescript');
