// What every test file must stop when it ends (apps, databases, child processes), whatever it ran.
// The hooks are kept here and run by tests/setup/after-file.ts, a setup file: Vitest runs a setup
// file for every test file, also when test files share their modules (`isolate: false`), whereas a
// hook registered when a shared module is first imported would run for the first file only.

const hooks: (() => Promise<void>)[] = [];

/** Runs `hook` at the end of every test file from now on (the last registered runs first). */
export function afterEveryFile(hook: () => Promise<void>): void {
  hooks.push(hook);
}

export async function endFile(): Promise<void> {
  for (const hook of [...hooks].reverse()) await hook();
}
