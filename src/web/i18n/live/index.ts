import { addTexts } from '..'
import { liveEn } from './en'
import { liveZh } from './zh'

let added = false

/**
 * Adds the live and recording texts; the components that show them call it when they render
 * (i18next is set up by then), so a module that merely imports them adds nothing.
 */
export function addLiveTexts(): void {
  if (added) return
  added = true
  addTexts({ en: liveEn, zh: liveZh })
}
