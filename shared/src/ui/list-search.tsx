import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

export interface ListSearchProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The search in force (from the URL); the field starts with it. */
  value: string;
  /** Called once typing pauses (300 ms), with the trimmed text. */
  onSearch: (search: string) => void;
}

/**
 * The search box of a server-filtered list: the field follows every keystroke, the list's query
 * (and so its query key) only the pause, so typing a name does not fire a request per letter.
 */
export function ListSearch({ value, onSearch, label = 'Поиск', ...props }: ListSearchProps) {
  const [text, setText] = useState(value);
  const apply = useDebouncedCallback((search: string) => onSearch(search.trim()), 300);
  return (
    <TextInput
      {...props}
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
    />
  );
}
