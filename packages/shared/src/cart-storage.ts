/**
 * The cart lives in the shopper's browser (localStorage, apps/web lib/cart-store.ts), so the
 * server cannot know what it holds when it draws a page. Every page it sends has this script in
 * its head: run before the body is drawn, it marks `<html>` when the saved cart has lines and
 * sets `--cart-count` to their quantity, and the stylesheet shows from the first paint what
 * applies: the header's cart badge with its number, the cart page's empty state or a skeleton of
 * its lines (the server's cart page holds both). The app then draws them itself. The server's CSP
 * allows this one inline script by its hash.
 */

/** The localStorage key the cart is saved under. */
export const CART_STORAGE_KEY = 'habi.cart.v1';

/** Set on `<html>` by CART_STATE_SCRIPT when the saved cart has lines. */
export const CART_LINES_ATTRIBUTE = 'data-cart-lines';

/** The custom property CART_STATE_SCRIPT sets on `<html>`: the cart's quantity, as a CSS string. */
export const CART_COUNT_PROPERTY = '--cart-count';

export const CART_STATE_SCRIPT = `try{var l=JSON.parse(localStorage.getItem(${JSON.stringify(CART_STORAGE_KEY)})||"[]"),r=document.documentElement,n=0,i=0;if(Array.isArray(l)&&l.length){for(;i<l.length;i++)n+=Number(l[i]&&l[i].quantity)||0;r.setAttribute(${JSON.stringify(CART_LINES_ATTRIBUTE)},"");r.style.setProperty(${JSON.stringify(CART_COUNT_PROPERTY)},'"'+n+'"')}}catch(e){}`;
