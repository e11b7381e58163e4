import type { SfuErrorCode } from '@streams/wire/sfu'

/** A refusal: answered to the client as an `error` frame with this code. */
export class SfuRefusal extends Error {
  constructor(
    readonly code: SfuErrorCode,
    message: string,
  ) {
    super(message)
  }
}
