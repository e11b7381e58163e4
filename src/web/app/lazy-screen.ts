import { lazy, type ComponentType } from 'react'

/** Spec §2: a screen chunk load times out after 120000 ms. */
export const CHUNK_TIMEOUT_MS = 120_000

export class ChunkTimeoutError extends Error {
  constructor() {
    super('screen chunk load timed out')
    this.name = 'ChunkTimeoutError'
  }
}

/** Races a chunk import against the timeout. */
export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms)
    load().then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

/** A lazily loaded screen whose chunk load is bounded by the timeout. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => withTimeout(load))
}
