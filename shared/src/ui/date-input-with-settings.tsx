// Loaded on first use by LazyDateInput: @mantine/dates and its styles stay off the login page.
import '@mantine/dates/styles.layer.css';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { datesSettings } from '../theme/dates';

/** Mantine's DateInput with the Russian calendar settings (SPEC §9: Monday first, dd.mm.yy). */
export default function DateInputWithSettings(props: DateInputProps) {
  return (
    <DatesProvider settings={datesSettings}>
      <DateInput {...props} />
    </DatesProvider>
  );
}
