import { Alert, Button, type ButtonProps, Group, Stack, type StackProps } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import type { FormSave } from './use-form-save';

export interface SaveFormProps {
  /** The form's saving state (useFormSave): its failure is shown on top, `saving` spins the button. */
  save: FormSave;
  /** Usually `form.onSubmit((values) => save.run(() => …))`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's text. */
  submitLabel?: string;
  /** The submit button's colour, or disabled while something else runs. */
  submitProps?: Pick<ButtonProps, 'color' | 'disabled'>;
  /** The red alert's title over a failure («Не удалось сохранить»); the message alone when absent. */
  failureTitle?: string;
  /** Shows the fields without the buttons: for someone who may read but not change them. */
  readOnly?: boolean;
  /** Space between the rows (Mantine's `md` unless a dense form asks for `sm`). */
  gap?: StackProps['gap'];
  /** A button at the left end of the footer (a bell schedule's «Добавить урок»). */
  aside?: ReactNode;
  /** Buttons just before the submit («Отмена»). */
  actions?: ReactNode;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * The frame every saving form shares: the save's failure in a red alert on top, the fields, and the
 * submit button at the bottom right that spins while the save runs. The form validates itself
 * (`noValidate`: no browser bubbles over the Russian messages).
 */
export function SaveForm({
  save,
  onSubmit,
  submitLabel = 'Сохранить',
  submitProps,
  failureTitle,
  readOnly,
  gap,
  aside,
  actions,
  'aria-label': ariaLabel,
  children,
}: SaveFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} aria-label={ariaLabel}>
      <Stack gap={gap}>
        {save.failure ? (
          <Alert color="red" title={failureTitle}>
            {save.failure}
          </Alert>
        ) : null}
        {children}
        {readOnly ? null : (
          <Group justify={aside ? 'space-between' : 'flex-end'}>
            {aside}
            {actions}
            <Button type="submit" loading={save.saving} {...submitProps}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
