import type { Io } from './io'

/** Browser storage: session info and the language choice ([ROUTE-13]); never a secret. */
export interface StoragePort {
  get(key: string): Io<string | null>
  set(key: string, value: string): Io<void>
  remove(key: string): Io<void>
}
