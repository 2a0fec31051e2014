import '../admin.css';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { NotFound } from '../../../components/layout/not-found.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { AdminLayout } from '../components/admin-layout.tsx';
import { AdminHome, RequirePermission as Can } from '../lib/access.tsx';

// Each page is its own chunk inside the back office's: signing in never loads the tables.
const SignInPage = lazy(() => import('./sign-in-page.tsx'));
const DashboardPage = lazy(() => import('./dashboard-page.tsx'));
const ProductsPage = lazy(() => import('./products-page.tsx'));
const AddProductPage = lazy(() => import('./add-product-page.tsx'));
const ProductViewPage = lazy(() => import('./product-view-page.tsx'));
const ProductEditPage = lazy(() => import('./product-edit-page.tsx'));
const OrdersPage = lazy(() => import('./orders-page.tsx'));
const ManageOrderPage = lazy(() => import('./manage-order-page.tsx'));
const ShipByCsvPage = lazy(() => import('./ship-by-csv-page.tsx'));
const CatalogueCsvPage = lazy(() => import('./catalogue-csv-page.tsx'));
const PackingSlipsPage = lazy(() => import('./packing-slips-page.tsx'));
const PaymentsPage = lazy(() => import('./payments-page.tsx'));
const ReturnsPage = lazy(() => import('./returns-page.tsx'));
const UsersPage = lazy(() => import('./users-page.tsx'));
const DiscountsPage = lazy(() => import('./discounts-page.tsx'));
const AddDiscountPage = lazy(() => import('./add-discount-page.tsx'));
const DiscountEditPage = lazy(() => import('./discount-edit-page.tsx'));
const EmailsPage = lazy(() => import('./emails-page.tsx'));
const SubscribersPage = lazy(() => import('./subscribers-page.tsx'));
const AuditLogPage = lazy(() => import('./audit-log-page.tsx'));
const ProfilePage = lazy(() => import('./profile-page.tsx'));
const SizeChartsPage = lazy(() => import('./size-charts-page.tsx'));
const StaffPage = lazy(() => import('./staff-page.tsx'));
const InvitePage = lazy(() => import('./invite-page.tsx'));

/**
 * The back office, mounted at /admin/* and loaded only when visited. /admin/auth
 * stands alone; every other page sits in the guarded admin layout; unknown paths get the 404.
 */
export default function AdminApp() {
  return (
    <Suspense fallback={<Loading className="min-h-dvh" />}>
      <Routes>
        <Route path="auth" element={<SignInPage />} />
        <Route path="invite" element={<InvitePage />} />
        {/* Printed pages: no back-office header or menu around them. */}
        <Route
          path="orders/packing_slips"
          element={
            <Can permission="shipments:write">
              <PackingSlipsPage />
            </Can>
          }
        />
        {/* Each page names the permission it needs (packages/shared staff.ts): a role without it sees "You do not have access". */}
        <Route element={<AdminLayout />}>
          <Route index element={<AdminHome products={<ProductsPage />} />} />
          <Route
            path="dashboard"
            element={
              <Can permission="reports:read">
                <DashboardPage />
              </Can>
            }
          />
          <Route
            path="add_product"
            element={
              <Can permission="products:write">
                <AddProductPage />
              </Can>
            }
          />
          <Route
            path="product_view"
            element={
              <Can permission="products:read">
                <ProductViewPage />
              </Can>
            }
          />
          <Route
            path="product_edit"
            element={
              <Can permission="products:write">
                <ProductEditPage />
              </Can>
            }
          />
          <Route
            path="orders"
            element={
              <Can permission="orders:read">
                <OrdersPage />
              </Can>
            }
          />
          <Route
            path="catalogue_csv"
            element={
              <Can permission="products:write">
                <CatalogueCsvPage />
              </Can>
            }
          />
          <Route
            path="orders/ship_by_csv"
            element={
              <Can permission="shipments:write">
                <ShipByCsvPage />
              </Can>
            }
          />
          <Route
            path="product_management"
            element={
              <Can permission="orders:read">
                <ManageOrderPage />
              </Can>
            }
          />
          <Route
            path="payments"
            element={
              <Can permission="payments:settings">
                <PaymentsPage />
              </Can>
            }
          />
          <Route
            path="returns"
            element={
              <Can permission="returns:read">
                <ReturnsPage />
              </Can>
            }
          />
          <Route
            path="users"
            element={
              <Can permission="customers:read">
                <UsersPage />
              </Can>
            }
          />
          <Route
            path="discounts"
            element={
              <Can permission="discounts:manage">
                <DiscountsPage />
              </Can>
            }
          />
          <Route
            path="add_discount"
            element={
              <Can permission="discounts:manage">
                <AddDiscountPage />
              </Can>
            }
          />
          <Route
            path="discount_edit"
            element={
              <Can permission="discounts:manage">
                <DiscountEditPage />
              </Can>
            }
          />
          <Route
            path="subscribers"
            element={
              <Can permission="subscribers:read">
                <SubscribersPage />
              </Can>
            }
          />
          <Route
            path="emails"
            element={
              <Can permission="emails:read">
                <EmailsPage />
              </Can>
            }
          />
          <Route
            path="audit_log"
            element={
              <Can permission="staff:manage">
                <AuditLogPage />
              </Can>
            }
          />
          <Route
            path="size_charts"
            element={
              <Can permission="products:read">
                <SizeChartsPage />
              </Can>
            }
          />
          <Route
            path="staff"
            element={
              <Can permission="staff:manage">
                <StaffPage />
              </Can>
            }
          />
          <Route path="update_admin_profile" element={<ProfilePage />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
