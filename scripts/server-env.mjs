// How the built server is run: by `npm start` (and so by its cluster's workers, which inherit the
// environment), and by the benches that measure it (bench:idle, bench:admission).
//
// glibc's malloc maps each block of 16 KB or more on its own and unmaps it when it is freed
// (docs/server.md "Where an idle server's memory goes"). Without it, the freed working memory of
// V8's WebAssembly compiler stays resident: PGlite's hot functions are compiled again, optimised,
// on V8's background threads, and what those compilations free stays in the threads' malloc
// arenas, 40 to 80 MB of an idle server's RSS, varying with how the compilations fell. Ignored
// by a C library other than glibc. A GLIBC_TUNABLES of the caller's own is kept, after ours (it
// wins where both name a tunable).
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=16384'

/**
 * The environment the server runs in: `env` with our malloc tunables, and EXIT_WITH_PARENT=1 (the
 * server stops when the process that started it is gone, src/server/parent.ts).
 */
export function serverEnv(env = process.env) {
  const own = env.GLIBC_TUNABLES
  return {
    ...env,
    GLIBC_TUNABLES: own ? `${MALLOC_TUNABLES}:${own}` : MALLOC_TUNABLES,
    EXIT_WITH_PARENT: '1',
  }
}
