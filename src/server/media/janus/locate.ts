import { accessSync, constants, existsSync, readFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Where an installed Janus lives: its binary and the folders of its plugins and transports. */
export interface JanusInstall {
  readonly bin: string
  /** The folder holding `plugins/` and `transports/` (Debian: /usr/lib/<triplet>/janus). */
  readonly libDir: string
}

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The first `name` on PATH that can run. */
function onPath(name: string, path = process.env.PATH ?? ''): string | undefined {
  if (name.includes('/')) return executable(name) ? name : undefined
  for (const dir of path.split(delimiter)) {
    const candidate = join(dir, name)
    if (dir && executable(candidate)) return candidate
  }
  return undefined
}

/** The plugins folder a packaged janus.jcfg names (Debian's /etc/janus, or /opt/janus/etc/janus). */
function libDirFromStockConfig(): string | undefined {
  for (const file of [
    '/etc/janus/janus.jcfg',
    '/opt/janus/etc/janus/janus.jcfg',
    '/usr/local/etc/janus/janus.jcfg',
  ]) {
    if (!existsSync(file)) continue
    const match = /^\s*plugins_folder\s*=\s*"([^"]+)"/m.exec(readFileSync(file, 'utf8'))
    if (match?.[1]) return join(match[1], '..')
  }
  return undefined
}

const TRIPLETS: Record<string, string> = {
  x64: 'x86_64-linux-gnu',
  arm64: 'aarch64-linux-gnu',
  arm: 'arm-linux-gnueabihf',
}

const hasVideoRoom = (dir: string) => existsSync(join(dir, 'plugins', 'libjanus_videoroom.so'))

/**
 * Finds Janus on this machine: `JANUS_BIN` (default `janus` on PATH) and `JANUS_LIB_DIR`
 * (default: the packaged configuration's plugins folder, then the usual install prefixes).
 * Answers undefined when Janus or its VideoRoom plugin is missing.
 */
export function locateJanus(env: NodeJS.ProcessEnv = process.env): JanusInstall | undefined {
  const bin = onPath(env.JANUS_BIN || 'janus', env.PATH)
  if (!bin) return undefined
  const triplet = TRIPLETS[process.arch]
  const candidates = [
    env.JANUS_LIB_DIR,
    libDirFromStockConfig(),
    triplet ? `/usr/lib/${triplet}/janus` : undefined,
    '/usr/lib/janus',
    '/usr/local/lib/janus',
    '/opt/janus/lib/janus',
  ]
  const libDir = candidates.find((dir): dir is string => Boolean(dir) && hasVideoRoom(dir!))
  return libDir ? { bin, libDir } : undefined
}
