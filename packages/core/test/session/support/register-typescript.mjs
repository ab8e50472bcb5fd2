// Loaded with `node --import`: installs the hooks of typescript-hooks.mjs in this process.
import { register } from 'node:module';

register('./typescript-hooks.mjs', import.meta.url);
