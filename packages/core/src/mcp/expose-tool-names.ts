import { createHash } from 'node:crypto';

/** A tool of one server, and the name the model sees for it. */
export interface ExposedTool<TOOL> {
  exposedName: string;
  serverName: string;
  tool: TOOL;
}

const maxNameLength = 64;
/** Hex digits of the suffix that tells apart names that collide once made valid: more only if one is taken. */
const suffixDigits = 6;

/**
 * Names every server's tools for the model: a tool keeps its own name unless another server has one of the
 * same name, in which case both become `<server>__<tool>`. Characters the model APIs refuse are replaced by
 * `_`, and names are cut to 64 characters. Names that still collide (`get.data` and `get_data` on one server,
 * two long names cut alike) are told apart by a suffix from their MCP name (`get_data_bfb5d1`), except for
 * the one whose name was already valid, which keeps it: the same tools are given the same names whatever the
 * order they are listed in, at every connect.
 */
export function exposeToolNames<TOOL extends { name: string }>(
  toolsByServer: ReadonlyArray<{ serverName: string; tools: TOOL[] }>,
): ExposedTool<TOOL>[] {
  const owners = new Map<string, number>();
  for (const { tools } of toolsByServer) {
    for (const name of new Set(tools.map((tool) => sanitize(tool.name))))
      owners.set(name, (owners.get(name) ?? 0) + 1);
  }
  const candidates = toolsByServer.flatMap(({ serverName, tools }) =>
    tools.map((tool) => {
      const name = sanitize(tool.name);
      const exposedName = (owners.get(name) ?? 0) > 1 ? sanitize(`${serverName}__${name}`) : name;
      return { exposedName, serverName, tool };
    }),
  );

  const counts = new Map<string, number>();
  for (const { exposedName } of candidates) counts.set(exposedName, (counts.get(exposedName) ?? 0) + 1);
  // An empty name (the APIs refuse it) is never kept: it gets a suffix alone, as a colliding name does.
  const keepsName = (candidate: ExposedTool<TOOL>) =>
    candidate.exposedName !== '' &&
    (counts.get(candidate.exposedName) === 1 || candidate.exposedName === candidate.tool.name);
  const taken = new Set(candidates.filter(keepsName).map((candidate) => candidate.exposedName));
  // In a fixed order, so that a suffix lengthened because another was taken is lengthened at every connect.
  const renamed = candidates
    .filter((candidate) => !keepsName(candidate))
    .sort(
      (first, second) =>
        compare(first.tool.name, second.tool.name) || compare(first.serverName, second.serverName),
    );
  for (const candidate of renamed) {
    candidate.exposedName = withFreeSuffix({ name: candidate.exposedName, key: candidate.tool.name, taken });
    taken.add(candidate.exposedName);
  }
  return candidates;
}

function sanitize(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, maxNameLength);
}

/**
 * `<name>_<hex digits of the key's SHA-256>`, cut to 64 characters: six digits, more while that name is in
 * `taken`.
 */
function withFreeSuffix({ name, key, taken }: { name: string; key: string; taken: ReadonlySet<string> }) {
  const digest = createHash('sha256').update(key).digest('hex');
  const fit = (suffix: string) => `${name.slice(0, maxNameLength - suffix.length - 1)}_${suffix}`;
  for (let digits = suffixDigits; digits <= 32; digits += 1) {
    const exposed = fit(digest.slice(0, digits));
    if (!taken.has(exposed)) return exposed;
  }
  // Only names made on purpose to take every one of this tool's suffixes get here; a count ends it.
  for (let count = 1; ; count += 1) {
    const exposed = fit(`${digest.slice(0, suffixDigits)}-${count}`);
    if (!taken.has(exposed)) return exposed;
  }
}

function compare(first: string, second: string): number {
  return first < second ? -1 : first > second ? 1 : 0;
}
