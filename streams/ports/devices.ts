import type { Observable } from 'rxjs'
import type { Event } from '../events'
import type { DeviceInfo } from '../wire/media'
import type { Io } from './io'

/** Cameras, microphones and speakers; hot-plug changes arrive as 'device/…' events. */
export interface DevicesPort {
  readonly events$: Observable<Event>
  list(): Io<readonly DeviceInfo[]>
}
