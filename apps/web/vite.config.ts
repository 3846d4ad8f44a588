import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: {
    // In development the API runs beside Vite (npm run dev); the browser talks to one origin.
    proxy: { "/api": { target: "http://127.0.0.1:3001", ws: true } },
  },
});
