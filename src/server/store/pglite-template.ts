import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { PGlite, PGliteOptions } from '@electric-sql/pglite'

/**
 * An in-memory PGlite (tests, benches) starts from a copy of an empty database cluster instead
 * of running initdb again: initdb is most of a start (seconds on a busy machine), loading the
 * copy a fraction of it. The copy is made once per PGlite version and kept in the temporary
 * folder; it holds no schema (migrations run on every start as before) and no data.
 */
export async function openMemoryPglite(
  Ctor: typeof PGlite,
  options: PGliteOptions = {},
): Promise<PGlite> {
  const file = templateFile()
  if (file && existsSync(file)) {
    try {
      const pg = new Ctor({ ...options, loadDataDir: new Blob([readFileSync(file)]) })
      await pg.waitReady
      return pg
    } catch {
      // A damaged copy: made again below.
      rmSync(file, { force: true })
    }
  }
  const pg = new Ctor(options)
  await pg.waitReady
  if (file) await keepTemplate(pg, file).catch(() => undefined)
  return pg
}

/** Dumped before anything is written, so the copy is the empty cluster initdb made. */
async function keepTemplate(pg: PGlite, file: string): Promise<void> {
  const dump = await pg.dumpDataDir('none')
  // Written aside and renamed: a process reading it never sees half a file.
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
  renameSync(partial, file)
}

function templateFile(): string | undefined {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
    const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
      version: string
    }
    const user = process.getuid?.() ?? 'user'
    return join(tmpdir(), `roomcast-pglite-${pkg.version}-${user}.tar`)
  } catch {
    return undefined
  }
}
