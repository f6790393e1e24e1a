import { graphql } from '../../../lib/graphql';

export const TAG_CATEGORIES = graphql(`
  query TagCategories {
    tagCategories {
      id
      name
      categorizes {
        id
        name
      }
    }
  }
`);

export const CREATE_TAG = graphql(`
  mutation CreateTag($name: String!, $categoryId: Int) {
    createTag(name: $name, categoryId: $categoryId) {
      id
      name
    }
  }
`);

export const RENAME_TAG = graphql(`
  mutation RenameTag($id: Int!, $name: String!) {
    renameTag(id: $id, name: $name) {
      id
      name
    }
  }
`);

export const DELETE_TAG = graphql(`
  mutation DeleteTag($id: Int!) {
    deleteTag(id: $id)
  }
`);
