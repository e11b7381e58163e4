/**
 * A server stand-in for janus-supervisor.test: runs our Janus under the supervisor, says its pid
 * (`janus N`), then idles until killed. Run as `node --import tsx janus-holder.ts DIR`.
 */
import { locateJanus } from '../../../src/server/media/janus/locate'
import { JanusSupervisor } from '../../../src/server/media/janus/supervisor'

const install = locateJanus()
if (!install) throw new Error('Janus is not installed')
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }
const supervisor = new JanusSupervisor({ install, dir: process.argv[2]!, log: quiet })
await supervisor.start()
process.stdout.write(`janus ${supervisor.pid}\n`)
setInterval(() => undefined, 60_000)
