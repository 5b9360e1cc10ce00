/** The Node.js major version the stack runs on (package.json's `engines`; `npm ci` installs it as node_modules/.bin/node). */
export const REQUIRED_NODE_MAJOR = 24;

/**
 * Why this Node.js cannot run the stack, or null when it can. Started with an older one (the machine's own
 * `node` instead of the project's), a process of the stack dies at start with a segmentation fault, and the
 * launcher would restart it for ever: it stops before, saying how to start it.
 */
export function unsupportedNode(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return `Nocturne runs on Node.js ${REQUIRED_NODE_MAJOR} or newer, and this is ${version}. npm ci installs it: start with npm start, or node_modules/.bin/node stack/dist/main.js.`;
}
