import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const apiPaths = [
  '/graphql',
  '/search',
  '/banners',
  '/get-search-token',
  '/geo',
  '/1/',
  '/uploads',
];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(apiPaths.map((path) => [path, apiTarget])),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest lets `npm run bench` add up exactly what each route loads.
    manifest: true,
  },
});
