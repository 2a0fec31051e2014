// The newsletter box's check, loaded when first submitted (newsletter-form.tsx).
export { EmailSchema } from '@habi/shared';
