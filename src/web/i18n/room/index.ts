import { addTexts } from '..'
import { roomEn } from './en'
import { roomZh } from './zh'

let added = false

/** Adds the room screens' texts (called by each room screen's module when it loads). */
export function addRoomTexts(): void {
  if (added) return
  added = true
  addTexts({ en: roomEn, zh: roomZh })
}
