import { defineToolloopProject } from '../../vitest.shared.ts';

export default defineToolloopProject({ name: 'mock-mcp' });
