// comlink ships the node adapter's types as dist/esm/node-adapter.d.ts, which TypeScript does not
// pair with the .mjs file node loads; this names them for the .mjs specifier.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import nodeEndpoint from 'comlink/dist/esm/node-adapter';
  export default nodeEndpoint;
}
