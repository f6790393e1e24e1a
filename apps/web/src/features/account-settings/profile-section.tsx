import { signUpSchema } from '@bevy/core/schemas';
import { TextInput } from '@mantine/core';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMutation } from 'urql';
import { useRefreshMe } from '../../lib/use-me';
import { CHANGE_NAME } from './api/account-settings';
import { SettingsCard } from './settings-card';
import { SettingsForm } from './settings-form';
import { useSettingsForm } from './use-settings-form';

const nameSchema = signUpSchema.pick({ name: true });

export function ProfileSection({ name }: { name: string }) {
  const [, changeName] = useMutation(CHANGE_NAME);
  const refreshMe = useRefreshMe();
  const submission = useSettingsForm(
    {
      initialValues: { name },
      validate: zod4Resolver(nameSchema, { errorPriority: 'first' }),
    },
    {
      send: (values) => changeName({ name: values.name }),
      success: () => 'Your name is saved.',
      // The header's account menu shows the name too.
      onDone: refreshMe,
    },
  );
  return (
    <SettingsCard title="Profile" description="The name producers see on your orders.">
      <SettingsForm
        submission={submission}
        refusalTitle="Your name was not saved"
        submitLabel="Save name"
      >
        <TextInput
          label="Name"
          autoComplete="name"
          required
          maxLength={100}
          {...submission.form.getInputProps('name')}
        />
      </SettingsForm>
    </SettingsCard>
  );
}
