// Preloaded (`node --expose-gc --import …/memory-report.mjs`) into a server `npm run bench:idle`
// measures: on SIGUSR2 it collects garbage and writes the process's memory, as Node and V8 see
// it, to the file MEMORY_REPORT names. Plain JavaScript: it runs in the built server too.
import { writeFileSync } from 'node:fs'
import v8 from 'node:v8'

process.on('SIGUSR2', () => {
  globalThis.gc?.()
  const usage = process.memoryUsage()
  const heap = v8.getHeapStatistics()
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]),
  )
  // What each space holds in memory (used or not): the young generation keeps its semi-spaces.
  const committed = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size]),
  )
  const code = v8.getHeapCodeStatistics()
  writeFileSync(
    process.env.MEMORY_REPORT,
    JSON.stringify({
      ...usage,
      heapCommitted: heap.total_physical_size,
      mallocedMemory: heap.malloced_memory,
      spaces,
      committed,
      bytecodeAndMetadata: code.bytecode_and_metadata_size,
      codeAndMetadata: code.code_and_metadata_size,
      externalScripts: code.external_script_source_size,
    }),
  )
})
