import { TextInput } from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { lazy, Suspense } from 'react';

const DateInput = lazy(() => import('@mantine/dates').then((dates) => ({ default: dates.DateInput })));

/**
 * The date field of every form. The date picker's code (@mantine/dates, ~26 KB compressed) loads the
 * first time a date field is shown; until then a disabled field of the same size stands in. Its
 * styles and Russian calendar come with the app (host bootstrap, `partaTheme`), not with this field.
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
      <DateInput {...props} />
    </Suspense>
  );
}
