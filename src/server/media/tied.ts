import { existsSync } from 'node:fs'

/** util-linux's setpriv (Debian's essential util-linux has it). */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path))

/**
 * How to run a helper program (Janus, ffmpeg) so that the kernel kills it when this server dies,
 * however it dies: after SIGKILL or a crash no exit handler runs, and the helper would be left
 * running (holding its ports, and Janus its UDP range). `setpriv --pdeathsig KILL` sets the
 * parent-death signal and then runs the program in its own stead (the same process id). Where
 * setpriv is missing the program runs as is, and only the exit handlers stop it.
 */
export function tiedToServer(bin: string, args: readonly string[]): [string, string[]] {
  return SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', bin, ...args]] : [bin, [...args]]
}
