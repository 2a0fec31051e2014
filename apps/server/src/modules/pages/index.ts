// The pages module's public face: the web app's pages (rendered or not, with their heads) and
// the files search engines read.
export { default as pagesRoutes } from './pages.routes.ts';
export { default as seoRoutes } from './seo.routes.ts';
