import { defineToolloopProject } from '../vitest.shared.ts';

/** `pnpm test:system`: the chat example in a real terminal (a tmux pane), over the built `dist/`. */
export default defineToolloopProject({ name: 'examples', system: true });
