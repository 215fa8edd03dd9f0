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
  /**
   * Shows the fields without the buttons, under a notice that they are read-only (the fields look
   * it too: host global.css, `form[data-readonly]`): for someone who may read but not change them.
   */
  readOnly?: boolean;
  /** Who may change what a read-only form shows (the notice's text), e.g. «Изменяет директор школы». */
  readOnlyNote?: ReactNode;
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
  readOnlyNote = 'У вас нет права изменять эти данные.',
  gap,
  aside,
  actions,
  'aria-label': ariaLabel,
  children,
}: SaveFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} aria-label={ariaLabel} data-readonly={readOnly || undefined}>
      <Stack gap={gap}>
        {readOnly ? (
          <Alert color="gray" variant="light" title="Только просмотр" data-testid="read-only-note">
            {readOnlyNote}
          </Alert>
        ) : null}
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
