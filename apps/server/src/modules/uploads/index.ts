// The uploads module's public face: where images are stored and how an upload becomes one.
export { type ImageStore, importImageFiles, openImageStore } from './image-store.ts';
export {
  assertImage,
  detectImageKind,
  imageUrlOf,
  type PreparedImage,
  prepareImage,
  putImage,
  reencodeImage,
  removeImageIfUnused,
  storeImage,
  sweepUnusedImages,
  withImagesStored,
} from './images.ts';
export { changePicture } from './pictures.ts';
export {
  openPrivateImageStore,
  PRIVATE_IMAGE_FILE,
  PRIVATE_IMAGES_DIR,
  PRIVATE_ROW_PREFIX,
} from './private-images.ts';
export { default as uploadsRoutes } from './uploads.routes.ts';
