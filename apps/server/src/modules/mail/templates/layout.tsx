import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** The storefront's palette; mail clients ignore stylesheets, so every style is inline. */
export const colours = {
  ink: '#1f1b16',
  inkSoft: '#4a433b',
  muted: '#6b6259',
  line: '#e7e1d8',
  paper: '#fbf9f6',
  sand: '#f3eee6',
  accent: '#8f3f1e',
};
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** A mail's two parts, and its subject. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** A whole HTML document from a mail's element; React escapes every text and attribute. */
export function renderHtml(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}

export const paragraph: CSSProperties = { margin: '0 0 16px' };

/** A link drawn as the storefront's dark pill button. */
export const button: CSSProperties = {
  display: 'inline-block',
  padding: '12px 22px',
  borderRadius: 999,
  background: colours.ink,
  color: '#ffffff',
  fontWeight: 700,
  textDecoration: 'none',
};

/**
 * The frame every mail shares: the brand on top, the content in a 600 px card (tables, which
 * every mail client lays out alike), and a line saying why the reader gets the mail.
 */
export function MailLayout({
  storeName,
  title,
  footer,
  children,
}: {
  storeName: string;
  title: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body
        style={{ margin: 0, padding: 0, background: colours.paper, color: colours.ink, fontFamily: font }}
      >
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ background: colours.paper }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{
                    maxWidth: 600,
                    background: '#ffffff',
                    border: `1px solid ${colours.line}`,
                    borderRadius: 12,
                  }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          padding: '20px 24px',
                          borderBottom: `1px solid ${colours.line}`,
                          fontSize: 24,
                          fontWeight: 700,
                          letterSpacing: 0.5,
                        }}
                      >
                        {storeName}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: 24, fontSize: 15, lineHeight: 1.5 }}>{children}</td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '16px 24px',
                          borderTop: `1px solid ${colours.line}`,
                          fontSize: 12,
                          color: colours.muted,
                        }}
                      >
                        {footer}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
