import { SEARCH_QUERY_MAX_LENGTH } from '@bevy/core';
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useSearchBox } from 'react-instantsearch';

export function SearchBox({ label, placeholder }: { label: string; placeholder: string }) {
  const { query, refine, clear } = useSearchBox();
  const [value, setValue] = useState(query);
  const input = useRef<HTMLInputElement>(null);

  // Follow changes made elsewhere (clearing refinements, back button), but never while typing.
  useEffect(() => {
    if (document.activeElement !== input.current) setValue(query);
  }, [query]);

  const update = (next: string) => {
    setValue(next);
    // The field shows the key at once; the widgets' re-render for the new query can wait.
    startTransition(() => refine(next));
  };

  return (
    <form role="search" onSubmit={(event) => event.preventDefault()}>
      <TextInput
        ref={input}
        type="search"
        label={label}
        placeholder={placeholder}
        value={value}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        onChange={(event) => update(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          value ? (
            <CloseButton
              aria-label="Clear search"
              onClick={() => {
                setValue('');
                clear();
              }}
            />
          ) : null
        }
        autoComplete="off"
        spellCheck={false}
      />
    </form>
  );
}
