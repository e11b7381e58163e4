// Testing Library's waits (waitFor, findBy…) give up after 1 s by default. On a loaded machine a
// jsdom screen's render or a worker's answer can take longer, so they wait up to 30 s: a limit
// for hangs, not a speed assertion (a passing wait returns as soon as its check holds).
export {}

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 30_000 })
}
