import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A stand-in for the built client under `dataDir` (its `index.html` only), for tests that start the
 * embedded stack without building the frontend. Answers the folder to pass as `frontendDir`.
 */
export function writeTestFrontend(dataDir: string): string {
  const frontendDir = path.join(dataDir, 'frontend');
  mkdirSync(frontendDir);
  writeFileSync(path.join(frontendDir, 'index.html'), '<!doctype html><html><head><meta charset="UTF-8"><title>Nocturne</title></head><body><div id="root"></div></body></html>');
  return frontendDir;
}
