/// <reference path="../vite/catalog-modules.d.ts" />
