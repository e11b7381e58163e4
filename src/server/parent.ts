/**
 * With EXIT_WITH_PARENT=1 (set by `npm start`, the end-to-end runner's server and the benches):
 * calls `stop` once the process that started this one is gone, however it went (SIGKILL too, or a
 * `timeout` that signalled only its own process group), so a server and the Janus it runs never
 * outlive what started them. Checked every second: a parent that dies leaves this process to init
 * or a subreaper, which changes its parent id. Off by default: a server put in the background by a
 * shell that then exits keeps running.
 */
export function stopWithParent(
  stop: () => void,
  env: NodeJS.ProcessEnv = process.env,
  everyMs = 1000,
): () => void {
  if (env.EXIT_WITH_PARENT !== '1') return () => undefined
  const parent = process.ppid
  const timer = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(timer)
    stop()
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
