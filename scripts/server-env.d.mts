/** The malloc tunables the server runs with (GLIBC_TUNABLES). */
export const MALLOC_TUNABLES: string

/**
 * The environment the server runs in: `env` (default process.env) with our malloc tunables and
 * EXIT_WITH_PARENT=1.
 */
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv
