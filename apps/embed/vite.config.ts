import { defineConfig } from 'vite';

/**
 * JSX is compiled by Vite's built-in esbuild transform (tsconfig "jsx": "react-jsx"); no React
 * plugin is needed for a production build. `npm run dev` proxies the platform's services.
 */
export default defineConfig({
  build: { target: 'es2022', sourcemap: true },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/hls': 'http://127.0.0.1:8080',
      '/images': 'http://127.0.0.1:8080',
    },
  },
});
