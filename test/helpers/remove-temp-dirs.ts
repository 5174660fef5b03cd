/** Setup file of every test file (vitest.config.ts): the temporary folders it made go when it is done. */
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dirs.js';

afterAll(removeTempDirs);
