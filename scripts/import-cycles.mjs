// `node scripts/import-cycles.mjs [dir…]`: the import cycles among a tree's TypeScript files
// (type-only imports included, as a type circle is one too), each as its files. Default: streams/
// and src/ (`npm run lint` runs it).
// Prints every strongly connected component of more than one file; exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const dirs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['streams', 'src']

function filesOf(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return filesOf(path)
    return /\.tsx?$/.test(name) ? [normalize(path)] : []
  })
}

const files = dirs.flatMap((d) => filesOf(join(root, d)))
const known = new Set(files)
const resolve = (from, spec) => {
  const base = spec.startsWith('@streams')
    ? join(root, 'streams', spec.slice('@streams'.length))
    : join(dirname(from), spec)
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].map(normalize)
  return candidates.find((c) => known.has(c) && existsSync(c))
}
const graph = new Map(
  files.map((file) => {
    const text = readFileSync(file, 'utf8')
    const deps = new Set()
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'((?:\.|@streams)[^']*)'/g)) {
      const to = resolve(file, m[1])
      if (to) deps.add(to)
    }
    return [file, deps]
  }),
)

// Tarjan's strongly connected components.
let counter = 0
const index = new Map()
const low = new Map()
const stack = []
const onStack = new Set()
const cycles = []
function visit(v) {
  index.set(v, counter)
  low.set(v, counter++)
  stack.push(v)
  onStack.add(v)
  for (const w of graph.get(v)) {
    if (!index.has(w)) {
      visit(w)
      low.set(v, Math.min(low.get(v), low.get(w)))
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)))
  }
  if (low.get(v) !== index.get(v)) return
  const component = []
  let w
  do {
    w = stack.pop()
    onStack.delete(w)
    component.push(w)
  } while (w !== v)
  if (component.length > 1) cycles.push(component.map((f) => relative(root, f)).sort())
}
for (const file of files) if (!index.has(file)) visit(file)

for (const cycle of cycles) console.log(`${cycle.length} files: ${cycle.join(' ')}`)
console.log(`${cycles.length} import cycle(s) among ${files.length} files in ${dirs.join(', ')}`)
process.exitCode = cycles.length > 0 ? 1 : 0
