import { builder } from '../../graphql/builder';
import { requireAdmin } from '../../platform/access';
import { UserType } from '../accounts/accounts.graphql';
import {
  latestApplicationOf,
  listApplications,
  reviewApplication,
  WHOLESALE_STATUSES,
  type Applicant,
  type WholesaleApplicationView,
} from './wholesale.service';

const WholesaleStatusType = builder.enumType('WholesaleStatus', { values: WHOLESALE_STATUSES });

const ApplicantType = builder.objectRef<Applicant>('Applicant');
ApplicantType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
  }),
});

export const VoucherType = builder.objectRef<{ name: string; slug: string }>('WholesaleVoucher');
VoucherType.implement({
  fields: (t) => ({ name: t.exposeString('name'), slug: t.exposeString('slug') }),
});

export const WholesaleApplicationType =
  builder.objectRef<WholesaleApplicationView>('WholesaleApplication');

WholesaleApplicationType.implement({
  description: "A buyer's request for wholesale access, with their license.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    businessName: t.exposeString('businessName'),
    licenseType: t.exposeString('licenseType'),
    licenseNumber: t.exposeString('licenseNumber'),
    issuingState: t.exposeString('issuingState'),
    licenseExpiresOn: t.exposeString('licenseExpiresOn', { description: 'YYYY-MM-DD' }),
    documentName: t.exposeString('documentName', { description: 'The original file name.' }),
    documentType: t.exposeString('documentType', {
      description: 'application/pdf, image/jpeg or image/png',
    }),
    documentUrl: t.exposeString('documentUrl', {
      description: 'Where admins and the applicant open the license.',
    }),
    status: t.expose('status', { type: WholesaleStatusType }),
    rejectionReason: t.exposeString('rejectionReason', { nullable: true }),
    createdAt: t.exposeString('createdAt', { description: 'ISO timestamp' }),
    reviewedAt: t.exposeString('reviewedAt', { nullable: true, description: 'ISO timestamp' }),
    applicant: t.expose('applicant', { type: ApplicantType }),
    vouchedBy: t.field({
      type: VoucherType,
      nullable: true,
      description: 'The producer whose trade invitation brought the applicant.',
      resolve: (application) => application.vouchedBy,
    }),
  }),
});

builder.objectField(UserType, 'wholesaleApplication', (t) =>
  t.field({
    type: WholesaleApplicationType,
    nullable: true,
    description: "The user's most recent wholesale application, or null.",
    // Only the user themself (or an admin) sees it, wherever a User is reachable from.
    resolve: (user, _args, ctx) =>
      ctx.viewer && (ctx.viewer.id === user.id || ctx.viewer.isAdmin)
        ? latestApplicationOf(ctx, user.id)
        : null,
  }),
);

builder.queryField('wholesaleApplications', (t) =>
  t.field({
    type: [WholesaleApplicationType],
    description: 'Applications, newest first, optionally only those with one status. Admins only.',
    args: { status: t.arg({ type: WholesaleStatusType }) },
    resolve: (_root, args, ctx) => {
      requireAdmin(ctx);
      return listApplications(ctx, args.status ?? null);
    },
  }),
);

builder.mutationField('reviewWholesaleApplication', (t) =>
  t.field({
    type: WholesaleApplicationType,
    description:
      'Approves (access until the license expires) or rejects (a reason is required) a pending ' +
      'application, and emails the applicant. Admins only.',
    args: {
      id: t.arg.int({ required: true }),
      approve: t.arg.boolean({ required: true }),
      reason: t.arg.string(),
    },
    resolve: (_root, args, ctx) => {
      const admin = requireAdmin(ctx);
      return reviewApplication(ctx, admin.id, args);
    },
  }),
);
