import { isTicketCode, normalizeTicketCode } from '@bevy/core';
import { Button, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';

export const NOT_A_CODE = 'That is not a ticket code: 26 letters and digits.';

/**
 * The code printed under the QR code, typed: normalized (case, dashes, spaces, O for 0) and
 * checked here, so a typo is caught before it is sent.
 */
export function TypedCodeForm({ onScan }: { onScan: (code: string) => Promise<void> }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeTicketCode(value);
    if (!isTicketCode(code)) {
      setError(code ? NOT_A_CODE : 'Type the code printed under the QR code.');
      input.current?.focus();
      return;
    }
    setError(null);
    // Cleared at once, for the next guest; the answer shows the code.
    setValue('');
    input.current?.focus();
    void onScan(code);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" align="flex-start">
        <TextInput
          ref={input}
          label="Ticket code"
          description="26 letters and digits; dashes and spaces are fine."
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={80}
          w="100%"
          maw={420}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Button type="submit">Check in</Button>
      </Stack>
    </form>
  );
}
