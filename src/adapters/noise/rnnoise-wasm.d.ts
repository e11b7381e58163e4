/** The Emscripten factory of @jitsi/rnnoise-wasm's build with the wasm inlined. */
declare module '@jitsi/rnnoise-wasm/dist/rnnoise-sync.js' {
  const createRNNWasmModuleSync: () => unknown
  export default createRNNWasmModuleSync
}
