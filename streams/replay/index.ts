export * from './read'
export * from './engine'
export * from './diff'
