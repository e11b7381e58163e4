import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs'
import { mkdtemp, rm, stat, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** Upload bytes on disk in the data folder; the database keeps the records. */
export interface FileStore {
  readonly dir: string
  /** Stores a stream; refuses (TooBig) past `maxBytes`, keeping nothing. */
  save(source: Readable, maxBytes: number): Promise<{ key: string; size: number }>
  open(key: string): Readable
  size(key: string): Promise<number>
  remove(key: string): Promise<void>
  close(): Promise<void>
}

export class TooBig extends Error {
  constructor(readonly limit: number) {
    super(`the file is larger than ${Math.round(limit / 1024 / 1024)} MB`)
  }
}

const KEY = /^[a-f0-9]{32}$/

/** A store in `dataDir/files`, or (tests) in a temporary folder removed on close. */
export async function openFileStore(dataDir: string | undefined): Promise<FileStore> {
  const temporary = !dataDir
  const dir = dataDir ? join(dataDir, 'files') : await mkdtemp(join(tmpdir(), 'roomcast-files-'))
  mkdirSync(dir, { recursive: true })
  const path = (key: string) => {
    if (!KEY.test(key)) throw new Error('bad file key')
    return join(dir, key)
  }
  return {
    dir,
    async save(source, maxBytes) {
      const key = randomBytes(16).toString('hex')
      let size = 0
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          if (size > maxBytes) done(new TooBig(maxBytes))
          else done(null, chunk)
        },
      })
      try {
        await pipeline(source, limit, createWriteStream(path(key)))
      } catch (error) {
        await unlink(path(key)).catch(() => undefined)
        throw error
      }
      // A stream cut short at its limit (multipart `truncated`) is refused too.
      if ((source as Readable & { truncated?: boolean }).truncated) {
        await unlink(path(key)).catch(() => undefined)
        throw new TooBig(maxBytes)
      }
      return { key, size }
    },
    open: (key) => createReadStream(path(key)),
    size: async (key) => (await stat(path(key))).size,
    remove: (key) => unlink(path(key)).catch(() => undefined),
    close: async () => {
      if (temporary) await rm(dir, { recursive: true, force: true })
    },
  }
}
