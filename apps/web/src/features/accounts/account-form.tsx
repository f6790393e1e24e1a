import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormWithRefusal } from '../../components/form-with-refusal';
import type { ServerSubmission } from './use-server-submit';

/**
 * The form of an account page, sent through `submission`: the server's refusal on top, then the
 * fields, the submit button and the links, as the page gives them.
 */
export function AccountForm<Values extends Record<string, unknown>>({
  submission: { form, submit, refusal },
  refusalTitle,
  refusalHint,
  children,
}: {
  submission: ServerSubmission<Values>;
  refusalTitle: string;
  /** What the user can do about a refusal, under its message. */
  refusalHint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <FormWithRefusal
      form={form}
      onSubmit={submit}
      refusalTitle={refusalTitle}
      refusal={
        refusal && refusalHint ? (
          <>
            <Text inherit>{refusal}</Text>
            <Text inherit mt="xs">
              {refusalHint}
            </Text>
          </>
        ) : (
          refusal
        )
      }
    >
      {children}
    </FormWithRefusal>
  );
}

/** The line under an account form that leads to its neighbor: "New here? Create an account". */
export function AccountPageLink({
  prompt,
  to,
  children,
}: {
  prompt: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <Text fz="sm" c="dark.6">
      {prompt}{' '}
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}
