/** The environment a process a test starts inherits, plus its own settings. */
export function childEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
