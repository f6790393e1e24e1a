import { graphql } from '../../../lib/graphql';

export const ADMIN_BANNERS = graphql(`
  query AdminBanners {
    adminBanners {
      id
      type
      lines
      link {
        url
        title
      }
      dismissible
      active
      position
    }
  }
`);

export const CREATE_BANNER = graphql(`
  mutation CreateBanner($input: BannerInput!) {
    createBanner(input: $input) {
      id
      position
    }
  }
`);

export const UPDATE_BANNER = graphql(`
  mutation UpdateBanner($id: Int!, $input: BannerInput!) {
    updateBanner(id: $id, input: $input) {
      id
      position
    }
  }
`);

export const DELETE_BANNER = graphql(`
  mutation DeleteBanner($id: Int!) {
    deleteBanner(id: $id)
  }
`);

export const REORDER_BANNERS = graphql(`
  mutation ReorderBanners($ids: [Int!]!) {
    reorderBanners(ids: $ids) {
      id
      position
    }
  }
`);
