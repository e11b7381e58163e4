import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The newest modification time (ms) of a file, or of any file under a folder. */
export function newest(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let max = 0
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)))
  return max
}
