/**
 * The cart lives in the shopper's browser (localStorage, apps/web lib/cart-store.ts), so the
 * server cannot know whether the cart page it sends is empty. It sends both states, the empty
 * cart and a skeleton of its lines, with this script in the head: run before the body is drawn,
 * it marks `<html>` when the browser holds lines, and the stylesheet shows the state that applies
 * from the first paint. The app then draws the lines themselves. The server's CSP allows this one
 * inline script by its hash.
 */

/** The localStorage key the cart is saved under. */
export const CART_STORAGE_KEY = 'habi.cart.v1';

/** Set on `<html>` by CART_STATE_SCRIPT when the saved cart has lines. */
export const CART_LINES_ATTRIBUTE = 'data-cart-lines';

export const CART_STATE_SCRIPT = `try{var l=JSON.parse(localStorage.getItem(${JSON.stringify(CART_STORAGE_KEY)})||"[]");if(Array.isArray(l)&&l.length)document.documentElement.setAttribute(${JSON.stringify(CART_LINES_ATTRIBUTE)},"")}catch(e){}`;
