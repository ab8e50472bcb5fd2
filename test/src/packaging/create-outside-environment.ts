/**
 * The environment for commands run as a user would in a project of their own: this process's, less what the
 * workspace's runners add (pnpm's script variables, `INIT_CWD`, vitest's worker variables, `NODE_ENV=test`),
 * which would make npm, the bins or a nested vitest behave as if they ran inside this workspace's test. Colours
 * are off so output can be read.
 */
export function createOutsideEnvironment(): NodeJS.ProcessEnv {
  const workspaceOnly =
    /^(npm_(command|execpath|node_execpath|config_user_agent|lifecycle_\w+|package_\w+)|pnpm_\w+|PNPM_\w+|INIT_CWD|VITEST\w*|TEST|NODE_ENV|NODE_OPTIONS|FORCE_COLOR)$/u;
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !workspaceOnly.test(name)),
  );
  return { ...environment, NO_COLOR: '1', CI: 'true' };
}
