/** A tool of one server, and the name the model sees for it. */
export interface ExposedTool<TOOL> {
  exposedName: string;
  serverName: string;
  tool: TOOL;
}

const maxNameLength = 64;

/**
 * Names every server's tools for the model: a tool keeps its own name unless another server has one of the
 * same name, in which case both become `<server>__<tool>`. Characters the model APIs refuse are replaced by
 * `_`, and names are cut to 64 characters.
 */
export function exposeToolNames<TOOL extends { name: string }>(
  toolsByServer: ReadonlyArray<{ serverName: string; tools: TOOL[] }>,
): ExposedTool<TOOL>[] {
  const owners = new Map<string, number>();
  for (const { tools } of toolsByServer) {
    for (const name of new Set(tools.map((tool) => sanitize(tool.name))))
      owners.set(name, (owners.get(name) ?? 0) + 1);
  }
  return toolsByServer.flatMap(({ serverName, tools }) =>
    tools.map((tool) => {
      const name = sanitize(tool.name);
      const exposedName = (owners.get(name) ?? 0) > 1 ? sanitize(`${serverName}__${name}`) : name;
      return { exposedName, serverName, tool };
    }),
  );
}

function sanitize(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, maxNameLength);
}
