import { formatPHP, variationLabel } from '@habi/shared';
import { ArrowLeft, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useProduct } from '../../../lib/products.ts';
import { PageHeader } from '../components/page-header.tsx';
import { StockGridView } from '../components/stock-grid-view.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';

const NO_DESCRIPTION = 'No description has been written for this product yet.';

/** Product Details (/admin/product_view/?pid=): a large image and the product's facts. */
export default function ProductViewPage() {
  useDocumentTitle('Product Details');
  const [search] = useSearchParams();
  const pid = search.get('pid') ?? '';
  const product = useProduct(pid, { enabled: pid !== '' });
  const goBack = useGoBack(paths.admin.home);

  const header = (
    <PageHeader title="Product Details">
      <Button variant="secondary" size="sm" className="h-10 rounded-lg" onClick={goBack}>
        <ArrowLeft aria-hidden="true" className="-ml-1 size-4" />
        Back
      </Button>
      {product.data && (
        <Button asChild size="sm" className="h-10 rounded-lg">
          <Link to={paths.admin.productEdit(product.data._id)}>
            <Pencil aria-hidden="true" className="-ml-1 size-4" />
            Edit
          </Link>
        </Button>
      )}
    </PageHeader>
  );

  if (!pid || product.isError) {
    return (
      <>
        {header}
        <p role="alert" className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
          {pid ? errorMessage(product.error) : 'Product not found'}
        </p>
      </>
    );
  }
  if (!product.data) {
    return (
      <>
        {header}
        <Loading />
      </>
    );
  }

  const p = product.data;
  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="overflow-hidden rounded-2xl border border-line bg-white p-3">
          <ProductImage
            src={p.imageUrl}
            alt={p.name}
            priority
            sizes="(min-width: 1024px) 420px, 100vw"
            className="rounded-xl"
          />
        </div>
        <div className="overflow-hidden rounded-2xl border border-line bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">Details of {p.name}</caption>
            <tbody>
              <Row label="ID">
                <code className="text-xs break-all text-ink-soft">{p._id}</code>
              </Row>
              <Row label="Name">
                <span className="font-semibold">{p.name}</span>
              </Row>
              <Row label="Description">
                {p.description || <span className="text-muted italic">{NO_DESCRIPTION}</span>}
              </Row>
              <Row label="Price">
                <span className="font-semibold tabular-nums">{formatPHP(p.price)}</span>
              </Row>
              <Row label="Category">{p.category ?? 'N/A'}</Row>
              <Row label="Subcategory">{p.subCategory ?? 'N/A'}</Row>
              <Row label="Sizes">{p.size.length > 0 ? p.size.join(', ') : 'N/A'}</Row>
              <Row label="Variations">
                {p.variations.length > 0 ? (
                  <ul className="flex flex-wrap gap-1.5">
                    {p.variations.map((v) => (
                      <li key={v.name} className="rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold">
                        {variationLabel(v.name)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  'N/A'
                )}
              </Row>
            </tbody>
          </table>
        </div>
      </div>
      <section
        aria-labelledby="stock-heading"
        className="mt-6 rounded-2xl border border-line bg-white p-4 sm:p-6"
      >
        <h2 id="stock-heading" className="mb-3 text-lg font-semibold text-ink">
          Stock
        </h2>
        <StockGridView product={p} />
      </section>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr className="border-b border-line last:border-b-0">
      <th
        scope="row"
        className="w-32 bg-paper px-4 py-3 text-left align-top text-xs font-semibold tracking-wide text-ink-soft uppercase sm:w-40"
      >
        {label}
      </th>
      <td className="px-4 py-3 align-top leading-relaxed text-ink">{children}</td>
    </tr>
  );
}
