import { defineToolloopSystemProject } from '../vitest.shared.ts';

/** `pnpm test:system`: the chat example in a real terminal (a tmux pane), over the built `dist/`. */
export default defineToolloopSystemProject({ name: 'examples' });
