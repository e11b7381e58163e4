import { vi } from 'vitest'
import type { TestServer } from './harness'

export interface ServerWatch {
  /** The warnings and errors the server logged (but the expected ones). */
  readonly logged: string[]
  /** The unhandled rejections in the process. */
  readonly unhandled: unknown[]
  stop(): void
}

const summary = (obj: unknown) => {
  const err = (obj as { err?: Error } | undefined)?.err
  return err?.stack ?? JSON.stringify(obj)?.slice(0, 300)
}

/**
 * Watches a test server for what a hostile probe must not cause: a warning or an error in its
 * log (but those `expected` says it may), an unhandled rejection in the process. `stop()` stops
 * listening for rejections (the log's spies go with the test file).
 */
export function watchServer(
  server: TestServer,
  expected: (level: 'warn' | 'error', msg: string | undefined) => boolean = () => false,
): ServerWatch {
  const logged: string[] = []
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  const log = server.app.fastify.log
  for (const level of ['warn', 'error'] as const)
    vi.spyOn(log, level).mockImplementation(((obj: unknown, msg?: string) => {
      if (!expected(level, msg)) logged.push(`${level} ${msg ?? ''} ${summary(obj)}`)
    }) as never)
  process.on('unhandledRejection', onUnhandled)
  return { logged, unhandled, stop: () => void process.off('unhandledRejection', onUnhandled) }
}
