// What Vite's client types declare for `?url` (the app borrows the workspace's Vite, not its types).
declare module '*?url' {
  const url: string;
  export default url;
}
