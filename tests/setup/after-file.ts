// Setup file: at the end of each test file, stop what it started (file-end.ts).
import { afterAll } from 'vitest';
import { endFile } from './file-end';

afterAll(endFile);
