import { gql } from 'urql';

export const CREATE_TAG = gql`
  mutation CreateTag($name: String!, $categoryId: Int) {
    createTag(name: $name, categoryId: $categoryId) {
      id
      name
    }
  }
`;

export const RENAME_TAG = gql`
  mutation RenameTag($id: Int!, $name: String!) {
    renameTag(id: $id, name: $name) {
      id
      name
    }
  }
`;

export const DELETE_TAG = gql`
  mutation DeleteTag($id: Int!) {
    deleteTag(id: $id)
  }
`;
