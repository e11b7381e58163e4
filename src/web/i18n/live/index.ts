import { addTexts } from '..'
import { liveEn } from './en'
import { liveZh } from './zh'

let added = false

/** Adds the live and recording texts (called by the modules that show them). */
export function addLiveTexts(): void {
  if (added) return
  added = true
  addTexts({ en: liveEn, zh: liveZh })
}
