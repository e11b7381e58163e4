import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AgoraLiveEngine, cardsUrlProblem } from '../agora/live-engine'
import type { Timer } from '../agora/cloud-recording-nudge'
import type { Settings } from '../config'
import type { RecordingEngine } from '../deps'
import { chooseRecordingEngine } from '../rooms/choose-recording'
import type { Db } from '../store/db'
import { Broadcasts, type BroadcastsDeps } from './compose/broadcasts'
import { locateFfmpeg } from './compose/ffmpeg'
import { localLiveEngine, type LiveEngine } from './live-engine'

export interface BroadcastEngines {
  /** Local mode's program: ffmpeg over the SFU's forwards (off, with the reason, without either). */
  readonly broadcasts: Broadcasts
  readonly live: LiveEngine
  readonly recording: RecordingEngine
  /** Stops the broadcasts and removes their temporary directory, when they had one. */
  close(): Promise<void>
}

/**
 * The live and recording engines of this server: local mode's over `Broadcasts`, or Agora's
 * (the host's browser has Agora push the live; Agora's Cloud Recording records), whose missing
 * settings (PUBLIC_URL for the pictures too) are named in the log at start. A server without a data directory (tests) writes its
 * broadcasts to a temporary directory.
 */
export function openBroadcastEngines(o: {
  readonly agora: boolean
  readonly settings: Settings
  readonly db: Db
  readonly log: BroadcastsDeps['log'] & {
    warn(message: string): void
    error(message: string): void
  }
  readonly secret: string
  readonly now: () => number
  readonly dataDir: string | undefined
  readonly timer?: Timer
}): BroadcastEngines {
  const temp = o.dataDir === undefined
  const dir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'roomcast-broadcast-'))
  const { db, log, secret, settings } = o
  const ffmpeg = locateFfmpeg()
  const broadcasts = new Broadcasts({
    db,
    log,
    ffmpeg,
    dir,
    secret,
    publishers: settings.sfuPublishers,
  })
  // Agora mode's live is pushed by Agora from the host's browser: nothing is composed here.
  const live = o.agora ? new AgoraLiveEngine(settings, db, o.now) : localLiveEngine(broadcasts)
  if (o.agora && !live.availability.available) log.error(live.availability.why)
  if (o.agora && cardsUrlProblem(settings)) log.warn(cardsUrlProblem(settings))
  return {
    broadcasts,
    live,
    recording: chooseRecordingEngine(settings, broadcasts, log, o.timer),
    async close() {
      await broadcasts.close()
      if (temp) rmSync(dir, { recursive: true, force: true })
    },
  }
}
