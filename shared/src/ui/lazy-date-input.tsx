import { TextInput } from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { lazy, Suspense } from 'react';

const DateInputWithSettings = lazy(() => import('./date-input-with-settings'));

/**
 * The date field of every form. The date picker (@mantine/dates, ~26 KB compressed, and its CSS)
 * loads the first time a date field is shown; until then a disabled field of the same size stands in.
 */
export function LazyDateInput(props: DateInputProps) {
  return (
    <Suspense
      fallback={
        <TextInput
          label={props.label}
          description={props.description}
          placeholder={props.placeholder}
          withAsterisk={props.withAsterisk}
          disabled
        />
      }
    >
      <DateInputWithSettings {...props} />
    </Suspense>
  );
}
