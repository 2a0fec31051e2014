import { Slide, ToastContainer } from 'react-toastify';
// With the first toast, not in every page's stylesheet.
import 'react-toastify/dist/ReactToastify.css';

/** Toasts close after 3000 ms, top right (loaded with the first toast: toast-host.tsx). */
export default function Toasts() {
  return (
    <ToastContainer position="top-right" autoClose={3000} transition={Slide} newestOnTop theme="light" />
  );
}
