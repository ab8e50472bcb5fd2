/**
 * Spec utilities the scenario runner shares with the mock server (its scenario files embed mock server specs):
 * reading YAML with positions, locating a field path in it, the partial match `match` patterns use, and the
 * spec's schema and parser, which the public entry point also exports, with the server.
 *
 * @internal Not part of the public API: no semver promise, not documented, not in the API report. Only other
 * toolloop packages import it, at the version they were released with.
 * @packageDocumentation
 */
export { matchesPartially } from '../server/matches-partially.js';
// The spec's schema and parser without the server: the scenario runner's `list` and `validate` check mock
// specs, and load none of the MCP server (its SDKs, its HTTP stack) to do it.
export { mockServerSpecSchema } from '../spec/mock-server-spec-schema.js';
export { parseMockServerSpecText } from '../spec/load-mock-server-spec.js';
export { MockSpecError } from '../errors/mock-spec-error.js';
export { locateYamlNode } from '../spec/locate-yaml-node.js';
export { readYamlDocument } from '../spec/read-yaml-document.js';
export { formatFieldPath } from '../spec/format-field-path.js';
export type { SourcePosition } from '../spec/locate-yaml-node.js';
export type { YamlDocumentResult } from '../spec/read-yaml-document.js';
export type { YamlIssue } from '../spec/yaml-issue.js';
export type { LocateField } from '../spec/to-spec-issues.js';
