#!/usr/bin/env node
import { enableCompileCache } from '../cli/enable-compile-cache.js';

enableCompileCache();
await import('../cli/main.js');
