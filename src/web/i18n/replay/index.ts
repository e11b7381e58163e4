import { addTexts } from '..'
import { replayEn } from './en'
import { replayZh } from './zh'

let added = false

/** Adds the replay screen's texts (called by the replay screen's module when it loads). */
export function addReplayTexts(): void {
  if (added) return
  added = true
  addTexts({ en: replayEn, zh: replayZh })
}
