import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { RequireLogin } from '../components/require-login';
import { AppError } from '../components/route-error';
import { AppLayout } from './layout';
import { graphqlPage, lazyPage, preloadRoutes } from './lazy-page';

// Route-level code splitting: each page is its own chunk.
const ShopPage = lazyPage(() => import('../features/shop/shop-page').then((m) => m.ShopPage));
const BusinessPage = graphqlPage(() =>
  import('../features/business/business-page').then((m) => m.BusinessPage),
);
const ProductPage = lazyPage(() =>
  import('../features/product/product-page').then((m) => m.ProductPage),
);
const TermsPage = lazyPage(() => import('../features/content/terms-page').then((m) => m.TermsPage));
const PrivacyPage = lazyPage(() =>
  import('../features/content/privacy-page').then((m) => m.PrivacyPage),
);
const PrivacyRequestPage = graphqlPage(() =>
  import('../features/privacy/privacy-request-page').then((m) => m.PrivacyRequestPage),
);
const AboutPage = lazyPage(() => import('../features/content/about-page').then((m) => m.AboutPage));
const SellPage = lazyPage(() => import('../features/content/sell-page').then((m) => m.SellPage));
const CartPage = graphqlPage(() => import('../features/cart/cart-page').then((m) => m.CartPage));
const SignUpPage = graphqlPage(() =>
  import('../features/accounts/signup-page').then((m) => m.SignUpPage),
);
const LogInPage = graphqlPage(() =>
  import('../features/accounts/login-page').then((m) => m.LogInPage),
);
const ForgotPasswordPage = graphqlPage(() =>
  import('../features/accounts/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = graphqlPage(() =>
  import('../features/accounts/reset-password-page').then((m) => m.ResetPasswordPage),
);
const SellerLayout = lazyPage(() =>
  import('../features/seller/seller-layout').then((m) => m.SellerLayout),
);
const BusinessOrdersPage = graphqlPage(() =>
  import('../features/orders/business-orders-page').then((m) => m.BusinessOrdersPage),
);
const OrderPage = graphqlPage(() =>
  import('../features/orders/order-page').then((m) => m.OrderPage),
);
const PackingSlipPage = graphqlPage(() =>
  import('../features/orders/packing-slip-page').then((m) => m.PackingSlipPage),
);
const ConsumerPage = graphqlPage(() =>
  import('../features/orders/consumer-page').then((m) => m.ConsumerPage),
);
const ClubsPage = graphqlPage(() =>
  import('../features/clubs/clubs-page').then((m) => m.ClubsPage),
);
const ClubManagePage = graphqlPage(() =>
  import('../features/clubs/manage/club-manage-page').then((m) => m.ClubManagePage),
);
const ClubPage = graphqlPage(() => import('../features/clubs/club-page').then((m) => m.ClubPage));
const ConsumerTickets = lazyPage(() =>
  import('../features/events/consumer-tickets').then((m) => m.ConsumerTickets),
);
const EventsPage = graphqlPage(() =>
  import('../features/events/events-page').then((m) => m.EventsPage),
);
const EventPage = graphqlPage(() =>
  import('../features/events/event-page').then((m) => m.EventPage),
);
const MyTicketsPage = graphqlPage(() =>
  import('../features/events/my-tickets-page').then((m) => m.MyTicketsPage),
);
const EventsManagePage = graphqlPage(() =>
  import('../features/event-admin/events-manage-page').then((m) => m.EventsManagePage),
);
const EventManagePage = graphqlPage(() =>
  import('../features/event-admin/event-manage-page').then((m) => m.EventManagePage),
);
const CheckInPage = graphqlPage(() =>
  import('../features/check-in/check-in-page').then((m) => m.CheckInPage),
);
const ConsumerMemberships = lazyPage(() =>
  import('../features/clubs/consumer-memberships').then((m) => m.ConsumerMemberships),
);
const MembershipPage = graphqlPage(() =>
  import('../features/clubs/membership-page').then((m) => m.MembershipPage),
);
const PayoutsPage = graphqlPage(() =>
  import('../features/payouts/payouts-page').then((m) => m.PayoutsPage),
);
const DashboardPage = graphqlPage(() =>
  import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
);
const WholesaleApplyPage = graphqlPage(() =>
  import('../features/wholesale/apply-page').then((m) => m.WholesaleApplyPage),
);
const AdminArea = graphqlPage(() =>
  import('../features/admin/admin-area').then((m) => m.AdminArea),
);
const NewBusinessPage = graphqlPage(() =>
  import('../features/business-profile/new-business-page').then((m) => m.NewBusinessPage),
);
const EditProfilePage = graphqlPage(() =>
  import('../features/business-profile/edit-profile-page').then((m) => m.EditProfilePage),
);
const ManageProductsPage = graphqlPage(() =>
  import('../features/products/manage-products-page').then((m) => m.ManageProductsPage),
);
const ProductFormPage = graphqlPage(() =>
  import('../features/products/product-form-page').then((m) => m.ProductFormPage),
);
const ConnectStatusPage = graphqlPage(() =>
  import('../features/payments/connect-status-page').then((m) => m.ConnectStatusPage),
);
const OfflineOnboardingPage = graphqlPage(() =>
  import('../features/payments/offline-onboarding-page').then((m) => m.OfflineOnboardingPage),
);
const CheckoutPage = graphqlPage(() =>
  import('../features/cart/checkout-page').then((m) => m.CheckoutPage),
);
const SuccessPage = graphqlPage(() =>
  import('../features/cart/success-page').then((m) => m.SuccessPage),
);
const ConsumerFollowing = lazyPage(() =>
  import('../features/following/consumer-following').then((m) => m.ConsumerFollowing),
);
const UnsubscribePage = lazyPage(() =>
  import('../features/following/email-link-pages').then((m) => m.UnsubscribePage),
);
const ConfirmEmailPage = graphqlPage(() =>
  import('../features/following/email-link-pages').then((m) => m.ConfirmEmailPage),
);
const InvitationPage = graphqlPage(() =>
  import('../features/invitations/invitation-page').then((m) => m.InvitationPage),
);
const InvitationsManagePage = graphqlPage(() =>
  import('../features/invitations/invitations-manage-page').then((m) => m.InvitationsManagePage),
);
const CustomersPage = graphqlPage(() =>
  import('../features/customers/customers-page').then((m) => m.CustomersPage),
);
const InsightsPage = graphqlPage(() =>
  import('../features/insights/insights-page').then((m) => m.InsightsPage),
);
const CampaignsPage = graphqlPage(() =>
  import('../features/campaigns/campaigns-page').then((m) => m.CampaignsPage),
);
const CampaignPage = graphqlPage(() =>
  import('../features/campaigns/campaign-page').then((m) => m.CampaignPage),
);
const EmbedBuilderPage = graphqlPage(() =>
  import('../features/embed-builder/embed-builder-page').then((m) => m.EmbedBuilderPage),
);
const AccountSettingsPage = graphqlPage(() =>
  import('../features/account-settings/account-settings-page').then((m) => m.AccountSettingsPage),
);
const ConfirmEmailChangePage = graphqlPage(() =>
  import('../features/account-settings/confirm-email-page').then((m) => m.ConfirmEmailChangePage),
);
const AccountPrivacyPage = graphqlPage(() =>
  import('../features/privacy/account-privacy-page').then((m) => m.AccountPrivacyPage),
);
// Placed in the account privacy page by the app, since one feature may not import another.
const PrivacyChoicesPanel = lazyPage(() =>
  import('../features/privacy/privacy-choices-panel').then((m) => m.PrivacyChoicesPanel),
);
const AccountDeletedPage = lazyPage(() =>
  import('../features/privacy/account-deleted-page').then((m) => m.AccountDeletedPage),
);
const NotFoundPage = lazyPage(() =>
  import('../features/not-found/not-found-page').then((m) => m.NotFoundPage),
);

/** The site's pages by path. */
const routes = (
  <>
    <Route element={<AppLayout />}>
      <Route index element={<Navigate to="/shop" replace />} />
      <Route path="shop" element={<ShopPage redirectWholesaleBuyers />} />
      <Route path="tos" element={<TermsPage />} />
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="privacy/request" element={<PrivacyRequestPage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="sell" element={<SellPage />} />
      <Route path="cart" element={<CartPage />} />
      <Route path="events" element={<EventsPage />} />
      <Route path="events/:key" element={<EventPage />} />
      <Route path="email/unsubscribe/:token" element={<UnsubscribePage />} />
      <Route path="email/confirm/:token" element={<ConfirmEmailPage />} />
      {/* Public: the token proves the mailbox, whichever browser opens the link. */}
      <Route path="account/confirm-email/:token" element={<ConfirmEmailChangePage />} />
      <Route path="account/deleted" element={<AccountDeletedPage />} />
      <Route path="invitations/:token" element={<InvitationPage />} />
      <Route path="signup" element={<SignUpPage />} />
      <Route path="login" element={<LogInPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      {/* The seller pages; the layout adds the sidebar for people who work at a business. */}
      <Route element={<SellerLayout />}>
        <Route element={<RequireLogin />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="business/orders" element={<BusinessOrdersPage />} />
          <Route path="orders/:id" element={<OrderPage />} />
          <Route path="business/new" element={<NewBusinessPage />} />
          <Route path="business/:slug/edit" element={<EditProfilePage />} />
          <Route path="business/:slug/products" element={<ManageProductsPage />} />
          <Route path="business/:slug/products/new" element={<ProductFormPage />} />
          <Route path="business/:slug/products/edit/:productId" element={<ProductFormPage />} />
          <Route path="business/:slug/stripe-connect-status" element={<ConnectStatusPage />} />
          <Route path="business/:slug/payouts" element={<PayoutsPage />} />
          <Route path="business/:slug/clubs" element={<ClubsPage />} />
          <Route path="business/:slug/clubs/:club/releases" element={<ClubManagePage />} />
          <Route path="business/:slug/clubs/:club/members" element={<ClubManagePage />} />
          <Route path="business/:slug/events" element={<EventsManagePage />} />
          <Route path="business/:slug/events/:id" element={<EventManagePage />} />
          <Route path="business/:slug/events/:id/check-in" element={<CheckInPage />} />
          <Route path="business/:slug/customers" element={<CustomersPage />} />
          <Route path="business/:slug/insights" element={<InsightsPage />} />
          <Route path="business/:slug/campaigns" element={<CampaignsPage />} />
          <Route path="business/:slug/campaigns/new" element={<CampaignPage />} />
          <Route path="business/:slug/campaigns/:id" element={<CampaignPage />} />
          <Route path="business/:slug/invitations" element={<InvitationsManagePage />} />
          <Route path="business/:slug/embed" element={<EmbedBuilderPage />} />
        </Route>
        {/* The shop again, where wholesale buyers (redirected from /shop) shop too. */}
        <Route path="business/research-and-shop" element={<ShopPage />} />
        {/* After the fixed /business/... paths above, which are not business slugs. */}
        <Route path="business/:slug" element={<BusinessPage />} />
        <Route path="business/:slug/clubs/:club" element={<ClubPage />} />
        <Route path="business/:slug/item/:productId" element={<ProductPage />} />
      </Route>
      <Route element={<RequireLogin />}>
        <Route path="shipping-and-billing" element={<CheckoutPage />} />
        <Route path="success" element={<SuccessPage />} />
        <Route
          path="consumer"
          element={
            <ConsumerPage
              memberships={<ConsumerMemberships />}
              tickets={<ConsumerTickets />}
              following={<ConsumerFollowing />}
            />
          }
        />
        <Route path="consumer/tickets" element={<MyTicketsPage />} />
        <Route path="consumer/clubs/:id" element={<MembershipPage />} />
        <Route path="wholesale/apply" element={<WholesaleApplyPage />} />
        <Route path="account" element={<AccountSettingsPage />} />
        <Route
          path="account/privacy"
          element={
            <AccountPrivacyPage
              choices={
                <Suspense fallback={null}>
                  <PrivacyChoicesPanel />
                </Suspense>
              }
            />
          }
        />
        <Route path="admin/*" element={<AdminArea />} />
        {/* The offline payment provider's stand-in for Stripe's hosted onboarding. */}
        <Route path="offline-payments/onboarding" element={<OfflineOnboardingPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    {/* A page to print, without the site's header and footer. */}
    <Route element={<RequireLogin />}>
      <Route
        path="orders/:id/packing-slip"
        element={
          <Suspense fallback={<PageLoading />}>
            <PackingSlipPage />
          </Suspense>
        }
      />
    </Route>
  </>
);

/**
 * Fetches the code of the page at `pathname` (and of its layouts), for the first render to show
 * the page itself rather than a loading state first.
 */
export const preloadRoute = (pathname: string) => preloadRoutes(routes, pathname);

/*
 * A page that throws while rendering shows <RouteError> in its place, under the site's header
 * (app/layout.tsx, and the seller sidebar); <AppError> is the last resort when the layout itself
 * fails. <BrowserRouter> rather than a data router: the data router's code would add about
 * 17 KiB (gzipped) to every page's first download for two features we have in a few lines.
 */
export function AppRouter() {
  return (
    <ErrorBoundary FallbackComponent={AppError}>
      <BrowserRouter>
        <Routes>{routes}</Routes>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
