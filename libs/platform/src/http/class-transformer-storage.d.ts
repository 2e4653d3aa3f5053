// class-transformer keeps its metadata storage in an entry point its package types do not declare.
declare module 'class-transformer/cjs/storage' {
  export const defaultMetadataStorage: import('class-transformer/types/MetadataStorage').MetadataStorage;
}
