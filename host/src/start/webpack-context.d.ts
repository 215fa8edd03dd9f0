/** `import.meta.webpackContext` of webpack 5 (see mantine-in-slices.ts), as far as the host uses it. */
interface ImportMeta {
  webpackContext(
    request: string,
    options: {
      recursive?: boolean;
      regExp?: RegExp;
      mode?: 'sync' | 'weak' | 'lazy' | 'lazy-once' | 'eager';
    },
  ): { keys(): string[]; (key: string): unknown };
}
