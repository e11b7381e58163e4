import { agoraRecordingEngine } from '../agora/cloud-recording'
import type { Timer } from '../agora/cloud-recording-nudge'
import type { Settings } from '../config'
import type { Broadcasts } from '../media/compose/broadcasts'
import { cardsBaseUrl } from '../media/compose/card-images'
import { localRecordingEngine } from './local-recording'
import type { RecordingEngine } from '../deps'

/**
 * The server's cloud recording engine: Agora's Cloud Recording in Agora mode (AGORA_APP_ID and
 * AGORA_APP_CERTIFICATE set), else this server's program. In Agora mode a recording setting that
 * is missing or wrong is named in the log at start, and again in each refused start.
 */
export function chooseRecordingEngine(
  settings: Settings,
  broadcasts: Broadcasts,
  log: { warn(message: string): void },
  timer?: Timer,
): RecordingEngine {
  if (!settings.agoraAppId || !settings.agoraAppCertificate) return localRecordingEngine(broadcasts)
  const engine = agoraRecordingEngine({
    appId: settings.agoraAppId,
    certificate: settings.agoraAppCertificate,
    settings: settings.agoraRecording,
    cardsUrl: cardsBaseUrl(settings.publicUrl),
    timer,
  })
  const a = engine.availability
  if (!a.available) log.warn(`cloud recording is off: ${a.why}`)
  return engine
}
