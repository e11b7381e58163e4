import type { Observable } from 'rxjs'

/**
 * What a port call answers: a Promise from a real adapter, or an Observable from a test fake
 * (so marble tests drive I/O in virtual time). Effects always wrap calls in `defer`.
 */
export type Io<T> = Promise<T> | Observable<T>
