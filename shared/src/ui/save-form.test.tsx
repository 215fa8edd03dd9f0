import { Button, MantineProvider, TextInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SaveForm, type SaveFormProps } from './save-form';
import type { FormSave } from './use-form-save';

function saveState(state: Partial<FormSave> = {}): FormSave {
  return { run: async () => true, saving: false, failure: null, ...state };
}

function show(props: Partial<SaveFormProps> & { children?: ReactNode } = {}) {
  const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const view = render(
    <MantineProvider>
      <SaveForm save={saveState()} onSubmit={onSubmit} {...props}>
        {props.children ?? <TextInput label="Название" />}
      </SaveForm>
    </MantineProvider>,
  );
  return { ...view, onSubmit };
}

describe('SaveForm', () => {
  it('shows the fields and a «Сохранить» button that submits the form', () => {
    const { onSubmit } = show();
    expect(screen.getByRole('textbox', { name: 'Название' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves the checking of fields to the form, not to the browser', () => {
    const { container } = show();
    expect(container.querySelector('form')?.noValidate).toBe(true);
  });

  it('names the button by submitLabel and passes its colour', () => {
    show({ submitLabel: 'Отклонить', submitProps: { color: 'red' } });
    const button = screen.getByRole('button', { name: 'Отклонить' });
    expect(button.getAttribute('style')).toContain('--button-bg: var(--mantine-color-red-filled)');
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
  });

  it('shows a failure above the fields in a red alert, under its title when one is given', () => {
    show({ save: saveState({ failure: 'Такой кабинет уже есть' }), failureTitle: 'Не удалось сохранить' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Не удалось сохранитьТакой кабинет уже есть');
    const field = screen.getByRole('textbox', { name: 'Название' });
    // The alert comes first in the document: above the fields.
    expect(alert.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('spins and blocks the button while the save runs', () => {
    show({ save: saveState({ saving: true }) });
    const button = screen.getByRole('button', { name: 'Сохранить' });
    expect(button.hasAttribute('data-loading')).toBe(true);
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('has no buttons when read-only', () => {
    show({ readOnly: true, aside: <Button>Добавить урок</Button> });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Название' })).toBeTruthy();
  });

  it('says a read-only form is read-only, and who may change it', () => {
    const { container } = show({ readOnly: true, readOnlyNote: 'Изменяет директор школы.' });
    expect(screen.getByTestId('read-only-note').textContent).toBe('Только просмотрИзменяет директор школы.');
    expect(container.querySelector('form')?.hasAttribute('data-readonly')).toBe(true);
  });

  it('has no read-only notice on a form that can be changed', () => {
    const { container } = show();
    expect(screen.queryByTestId('read-only-note')).toBeNull();
    expect(container.querySelector('form')?.hasAttribute('data-readonly')).toBe(false);
  });

  it('puts other buttons beside the submit: an aside first, then the actions', () => {
    show({ aside: <Button>Добавить урок</Button>, actions: <Button>Отмена</Button> });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Добавить урок',
      'Отмена',
      'Сохранить',
    ]);
  });

  it('is named for assistive technology when given a label', () => {
    show({ 'aria-label': 'Операция с балансом' });
    expect(screen.getByRole('form', { name: 'Операция с балансом' })).toBeTruthy();
  });
});
