// Font files are emitted by webpack (asset/resource) and imported as their URL.
declare module '*.woff2' {
  const url: string;
  export default url;
}
