import { formatDayMonthYear, formatPHP, type MessageResponse, type ProductSummary } from '@habi/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Eye, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { paths } from '../../../lib/paths.ts';
import { look } from './column-look.ts';
import { actionsColumn } from './row-menu.tsx';
import { StockStatus } from './stock-status.tsx';

const column = createColumnHelper<ProductSummary>();

/** The Products List's columns; `remove` deletes a product from its row's menu. */
export function productColumns(remove: (id: string) => Promise<MessageResponse>) {
  return [
    column.accessor('imageUrl', {
      header: 'Image',
      enableSorting: false,
      meta: look({ className: 'w-20', srOnlyHeader: false }),
      cell: (info) => (
        <ProductImage
          src={info.getValue()}
          alt={info.row.original.name}
          sizes="48px"
          className="size-12 rounded-lg border border-line"
        />
      ),
    }),
    column.accessor('name', {
      id: 'name',
      header: 'Product Name',
      meta: look({ className: 'min-w-52' }),
      cell: (info) => (
        <Link
          to={paths.admin.productView(info.row.original._id)}
          className="font-semibold text-ink hover:text-accent hover:underline"
        >
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('category', {
      header: 'Category',
      enableSorting: false,
      cell: (info) => info.getValue() ?? <span className="text-muted">—</span>,
    }),
    column.accessor('subCategory', {
      header: 'Subcategory',
      enableSorting: false,
      cell: (info) => info.getValue() ?? <span className="text-muted">—</span>,
    }),
    column.accessor('createdAt', {
      id: 'createdAt',
      header: 'Date published',
      meta: look({ className: 'whitespace-nowrap tabular-nums' }),
      cell: (info) => formatDayMonthYear(info.getValue()),
    }),
    column.accessor('price', {
      id: 'price',
      header: 'Price',
      meta: look({ className: 'text-right whitespace-nowrap tabular-nums' }),
      cell: (info) => <span className="font-semibold">{formatPHP(info.getValue())}</span>,
    }),
    column.accessor('stockTotal', {
      id: 'stock',
      header: 'Stock',
      meta: look({ className: 'whitespace-nowrap' }),
      cell: (info) => (
        <StockStatus
          total={info.getValue()}
          cellsSoldOut={info.row.original.cellsSoldOut}
          cellsLow={info.row.original.cellsLow}
        />
      ),
    }),
    actionsColumn(column, (product) => ({
      rowName: product.name,
      links: [
        { label: 'More Details', to: paths.admin.productView(product._id), icon: Eye },
        { label: 'Edit', to: paths.admin.productEdit(product._id), icon: Pencil },
      ],
      remove: {
        what: (
          <>
            the product <strong className="text-ink">{product.name}</strong>
          </>
        ),
        run: () => remove(product._id),
      },
    })),
  ];
}
