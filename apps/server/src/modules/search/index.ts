// The search module's public face: the instance's search index and what a search answers
// (a page best first or by price, the header's suggestions); the products routes serve them.
export { searchIndexes } from './load-search-index.ts';
export { type IndexAt, searchByPrice, searchPage, suggest } from './search.service.ts';
